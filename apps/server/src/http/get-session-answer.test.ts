import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type Client } from '../../test/harness.ts';
import type { RunningServer } from '../server.ts';

let server: RunningServer;
let alice: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
});
afterAll(() => server?.close());

/** GET /api/auth/get-session with `cookie`, through Summy's app. */
async function viaApp(cookie: string) {
  const res = await fetch(`${server.url}/api/auth/get-session`, {
    headers: cookie ? { cookie } : {},
  });
  return { status: res.status, body: await res.text(), cookies: res.headers.getSetCookie(), res };
}

/** The same request answered by Better Auth's own router, with no Summy code in front. */
async function viaBetterAuth(cookie: string) {
  const res = await server.auth.handler(
    new Request(`${server.url}/api/auth/get-session`, { headers: cookie ? { cookie } : {} }),
  );
  return { status: res.status, body: await res.text(), cookies: res.headers.getSetCookie() };
}

describe('GET /api/auth/get-session', () => {
  it("answers Better Auth's own body for a signed-in user, first computed, then remembered", async () => {
    const own = await viaBetterAuth(alice.cookie);
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body).user.email).toBe(alice.email);
    for (let i = 0; i < 3; i++) {
      const answer = await viaApp(alice.cookie);
      expect(answer.status).toBe(200);
      expect(answer.res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.res.headers.get('cache-control')).toBe('no-store');
      expect(JSON.parse(answer.body)).toEqual(JSON.parse(own.body));
    }
  });

  it('answers null without a session, as Better Auth does', async () => {
    const own = await viaBetterAuth('');
    const answer = await viaApp('');
    expect(answer.status).toBe(own.status);
    expect(answer.body).toBe(own.body);
    expect(answer.body).toBe('null');
  });

  it("passes on Better Auth's renewed cookie when only the session token is sent", async () => {
    const token = alice.cookie.split('; ').find((c) => c.includes('session_token='))!;
    expect(token).toBeDefined();
    const answer = await viaApp(token);
    expect(JSON.parse(answer.body).user.email).toBe(alice.email);
    expect(answer.cookies.some((c) => c.includes('session_data='))).toBe(true);
  });

  it("answers null to a signed-out session's token", async () => {
    const bob = await signUp(server, 'Bob');
    const cookie = bob.cookie;
    expect(JSON.parse((await viaApp(cookie)).body).user.email).toBe(bob.email);
    expect((await bob.post('/api/auth/sign-out', {})).status).toBe(200);
    // The token alone, without the cache cookie that would vouch for it a while longer: only the
    // database can tell, and a remembered answer must not.
    const stale = cookie
      .split('; ')
      .filter((c) => c.includes('session_token='))
      .join('; ');
    expect((await viaApp(stale)).body).toBe('null');
  });
});
