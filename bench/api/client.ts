/**
 * The benchmark's HTTP side: signing up over Better Auth for a real session cookie, and GET
 * requests that read the whole body, as a browser would before rendering.
 */
import { createServer } from 'node:http';

/** A signed-up user and the cookie header that carries its session. */
export interface Session {
  userId: string;
  email: string;
  cookie: string;
}

/**
 * Signs up through `POST /api/auth/sign-up/email` (auto sign-in) and keeps the `Set-Cookie`
 * values as a `cookie` request header.
 * @param origin sent as `Origin`: Better Auth refuses a sign-up without one ("Missing or null
 *   Origin"), so this must be the server's PUBLIC_URL, as a browser on that page would send
 * @throws Error when the answer is not 200 or sets no cookie
 */
export async function signUp(
  baseUrl: string,
  origin: string,
  name: string,
  email: string,
): Promise<Session> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ name, email, password: 'correct horse battery staple' }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`sign-up of ${email} failed: ${res.status} ${text}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
  if (!cookie) throw new Error(`sign-up of ${email} set no session cookie`);
  const body = JSON.parse(text) as { user?: { id?: string } };
  if (!body.user?.id) throw new Error(`sign-up of ${email} answered no user id: ${text}`);
  return { userId: body.user.id, email, cookie };
}

/**
 * GETs `url` with the session cookie and reads the body as text. The body is read, not parsed:
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
  cookie: string,
  retryStaleSocket = false,
): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { cookie } });
  } catch (err) {
    if (!retryStaleSocket || !isConnectionReset(err)) throw err;
    res = await fetch(url, { headers: { cookie } });
  }
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
