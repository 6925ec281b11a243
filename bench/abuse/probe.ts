/**
 * The probes' client (./stalls.ts, ./exports.ts): timed requests that survive a reset socket,
 * sign-up with a session cookie, and an open-loop client that asks one route on a timer the way
 * users arriving at any moment would.
 */
import { performance } from 'node:perf_hooks';

const PASSWORD = 'correct horse battery staple';
/** Requests waiting for an answer at most; beyond, a tick sends none. */
const MAX_OUTSTANDING = 200;

let base = '';

/** Points the probe client at a running server (loopback base URL, no trailing slash). */
export function useBase(url: string): void {
  base = url;
}

/** One timed answer: status, body (JSON when it parses, else text), headers and time (ms). */
export interface Answer {
  status: number;
  json: unknown;
  ms: number;
  headers: Headers;
  bytes: number;
}

/** One request, timed from its first try; the body is read whole. */
export async function call(
  method: string,
  route: string,
  cookie?: string,
  body?: unknown,
): Promise<Answer> {
  const t0 = performance.now();
  const send = () =>
    fetch(base + route, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(method === 'GET' ? {} : { origin: base }),
        ...(cookie ? { cookie } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  // A keep-alive socket the server closed while its event loop was held meets a reset on
  // reuse; one retry on a new socket, and the time counts from the first try.
  const res = await send().catch(() => send());
  const raw = Buffer.from(await res.arrayBuffer());
  const text = res.headers.get('content-type')?.includes('json') ? raw.toString('utf8') : '';
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return {
    status: res.status,
    json,
    ms: performance.now() - t0,
    headers: res.headers,
    bytes: raw.length,
  };
}

/** Signs up and in; returns the session cookie header. */
export async function session(name: string, email: string): Promise<string> {
  const up = await call('POST', '/api/auth/sign-up/email', undefined, {
    name,
    email,
    password: PASSWORD,
  });
  if (up.status !== 200) throw new Error(`sign-up failed: ${up.status}`);
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((p) => !p.endsWith('='))
    .join('; ');
}

/**
 * Sends `GET route` every `everyMs` whether or not the previous one has answered (open loop, at
 * most {@link MAX_OUTSTANDING} waiting), so the figures are what a user arriving at any moment
 * meets: a closed loop would ask once during a 10 s stall and count it once. `stop()` waits for
 * the outstanding answers and returns every answer time (ms); failed requests are left out.
 */
export function openLoopClient(
  route: string,
  everyMs: number,
  cookie?: string,
): { stop(): Promise<number[]> } {
  const samples: number[] = [];
  const outstanding = new Set<Promise<void>>();
  const ask = () => {
    if (outstanding.size >= MAX_OUTSTANDING) return;
    const p: Promise<void> = call('GET', route, cookie)
      .then((r) => void samples.push(r.ms))
      .catch(() => undefined)
      .finally(() => outstanding.delete(p));
    outstanding.add(p);
  };
  // One at once, so even a load shorter than the interval has an answer that overlapped it.
  ask();
  const timer = setInterval(ask, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(outstanding);
      return samples;
    },
  };
}
