/**
 * The live bench's users: sign-up over the API as the web app does, JSON requests with the
 * session cookie, and the chunk upload of the web recorder.
 */
/** A signed-in user of the bench server. */
export interface BenchUser {
  base: string;
  cookie: string;
}

const PASSWORD = 'correct horse battery staple';
let users = 0;

/** The `Origin` the server's CSRF check accepts: its own PUBLIC_URL. */
const headersOf = (user: BenchUser, json: boolean) => ({
  cookie: user.cookie,
  origin: user.base,
  ...(json ? { 'content-type': 'application/json' } : {}),
});

/**
 * Signs up `email` and signs in, keeping the session cookie. Each user comes from its own
 * pretend address (`X-Forwarded-For`, the server trusts the proxy), so the sign-in rate limit
 * per address does not mix the bench's users.
 * @throws Error naming the status when the server refuses
 */
export async function signUp(base: string, name: string, email: string): Promise<BenchUser> {
  const address = `198.51.100.${++users}`;
  const post = (route: string) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': address },
      body: JSON.stringify({ name, email, password: PASSWORD }),
    });
  const up = await post('/api/auth/sign-up/email');
  if (up.status !== 200) throw new Error(`sign-up answered ${up.status}: ${await up.text()}`);
  const res = await post('/api/auth/sign-in/email');
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((p) => !p.endsWith('='))
    .join('; ');
  return { base, cookie };
}

/**
 * A request as the user; answers the parsed JSON body.
 * @throws Error with the status and body when it is not 2xx
 */
export async function call(
  user: BenchUser,
  method: string,
  route: string,
  body?: unknown,
): Promise<any> {
  const res = await fetch(`${user.base}${route}`, {
    method,
    headers: headersOf(user, body !== undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Uploads one recorder chunk as the web recorder does. */
export async function postChunk(
  user: BenchUser,
  meetingId: string,
  index: number,
  bytes: Buffer,
): Promise<void> {
  const res = await fetch(`${user.base}/api/meetings/${meetingId}/audio?index=${index}`, {
    method: 'POST',
    headers: { ...headersOf(user, false), 'content-type': 'audio/webm' },
    body: bytes,
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`chunk ${index} answered ${res.status}`);
}
