/**
 * The benchmark's HTTP side: signing up over Better Auth for a real session cookie, and GET
 * requests that read the whole body, as a browser would before rendering.
 */
import { createServer } from 'node:http';

/**
 * A browser's cookies for one site, as a `cookie` header: updated from `Set-Cookie` answers, where
 * an empty value or `Max-Age=0` deletes the cookie. Summy's server renews its session cookie cache
 * (`better-auth.session_data`) that way, so a client that ignored `Set-Cookie` would measure the
 * database lookup a browser no longer makes.
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** @param header a `cookie` header to start from ('' for none) */
  constructor(header = '') {
    for (const pair of header.split(';')) {
      const i = pair.indexOf('=');
      if (i > 0) this.#cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
  }

  /** The `cookie` request header ('' when empty). */
  get header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Applies the `Set-Cookie` lines of an answer. */
  update(setCookies: readonly string[] | undefined): void {
    for (const line of setCookies ?? []) {
      const [pair = '', ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      if (i <= 0) continue;
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (!value || attrs.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a))) {
        this.#cookies.delete(name);
      } else this.#cookies.set(name, value);
    }
  }
}

/** A signed-up user and the cookies that carry its session. */
export interface Session {
  userId: string;
  email: string;
  jar: CookieJar;
  /** The jar's `cookie` header at the time of reading. */
  readonly cookie: string;
}

/**
 * Signs up through `POST /api/auth/sign-up/email`, then signs in through `POST
 * /api/auth/sign-in/email` unless the sign-up already set a session cookie (Summy's sign-up does
 * not sign in since), and keeps the cookies.
 * @param origin sent as `Origin`: Better Auth refuses a sign-up without one ("Missing or null
 *   Origin"), so this must be the server's PUBLIC_URL, as a browser on that page would send
 * @throws Error when an answer is not 200 or no session cookie is set
 */
export async function signUp(
  baseUrl: string,
  origin: string,
  name: string,
  email: string,
): Promise<Session> {
  const jar = new CookieJar();
  const password = 'correct horse battery staple';
  const post = async (route: string, body: unknown) => {
    const res = await fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie: jar.header },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${route} of ${email} failed: ${res.status} ${text}`);
    jar.update(res.headers.getSetCookie());
    return text;
  };
  await post('/api/auth/sign-up/email', { name, email, password });
  if (!jar.header.includes('session_token=')) {
    await post('/api/auth/sign-in/email', { email, password });
  }
  if (!jar.header.includes('session_token=')) throw new Error(`${email}: no session cookie`);
  const session = await fetch(`${baseUrl}/api/auth/get-session`, {
    headers: { cookie: jar.header },
  });
  const body = (await session.json()) as { user?: { id?: string } } | null;
  if (!body?.user?.id) throw new Error(`${email}: get-session answered no user`);
  jar.update(session.headers.getSetCookie());
  return {
    userId: body.user.id,
    email,
    jar,
    get cookie() {
      return jar.header;
    },
  };
}

/**
 * GETs `url` with the jar's cookies (updated from the answer, as a browser would; a plain cookie
 * header is sent as it is) and reads the body as text. The body is read, not parsed:
 * parsing is the client's cost, not the server's, and would blur the measurement.
 * @param retryStaleSocket retry once when the connection was reset. Between series the client
 *   sits idle for seconds (the direct-SQL series, or PGlite holding the event loop), the server's
 *   5 s keep-alive timeout closes the pooled socket, and the next fetch can race that close.
 *   Warm-up requests pass true so the stale socket is dropped there; timed requests pass false,
 *   so a failure during measurement still fails the run.
 * @returns the body text
 * @throws Error on any status but 200, so a broken route cannot pass for a fast one
 */
export async function getText(
  url: string,
  cookies: CookieJar | string | undefined,
  retryStaleSocket = false,
): Promise<string> {
  const jar = typeof cookies === 'string' ? new CookieJar(cookies) : cookies;
  const headers = { cookie: jar?.header ?? '' };
  let res: Response;
  try {
    res = await fetch(url, { headers });
  } catch (err) {
    if (!retryStaleSocket || !isConnectionReset(err)) throw err;
    res = await fetch(url, { headers });
  }
  jar?.update(res.headers.getSetCookie());
  const body = await res.text();
  if (res.status !== 200)
    throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 200)}`);
  return body;
}

// undici reports a reset socket as TypeError('fetch failed') whose cause carries the code.
function isConnectionReset(err: unknown): boolean {
  const code = (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

/**
 * A bare `node:http` server that answers every request with `body` as JSON: the floor under any
 * route that sends a body of that size (loopback socket, fetch, reading the body), without Hono,
 * sessions or the database.
 */
export async function serveFixedBody(
  body: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const payload = Buffer.from(body);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': payload.length });
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
