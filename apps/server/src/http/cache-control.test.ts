/**
 * No /api answer is cached: every GET route of the OpenAPI document, Better Auth's session and
 * error answers carry `Cache-Control: no-store`, signed-in or not; signed audio URLs keep their
 * deliberate `private, max-age`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp, startTestServer, TEST_ORIGIN } from '../../test/harness.ts';
import type { RunningServer } from '../server.ts';

let server: RunningServer;
let alice: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
});
afterAll(() => server?.close());

/** GETs a route and reads only its headers (event streams never end). */
async function headersOf(route: string, cookie = ''): Promise<{ status: number; cache: string }> {
  const res = await fetch(server.url + route, { headers: cookie ? { cookie } : {} });
  await res.body?.cancel();
  return { status: res.status, cache: res.headers.get('cache-control') ?? '(none)' };
}

describe('Cache-Control on /api', () => {
  it('is no-store on every GET route of the API, signed in and not', async () => {
    const doc = (await alice.get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([route]) => `/api${route.replace(/\{[^}]+\}/g, 'some-id')}`.replace('/api/api', '/api'))
      .filter((route) => !route.startsWith('/api/storage'));
    expect(routes).toEqual(
      expect.arrayContaining(['/api/meetings', '/api/contacts', '/api/google/accounts']),
    );
    for (const route of [...routes, '/api/openapi.json', '/api/no-such-route']) {
      expect({ route, ...(await headersOf(route, alice.cookie)) }).toMatchObject({
        route,
        cache: 'no-store',
      });
      expect({ route, ...(await headersOf(route)) }).toMatchObject({ route, cache: 'no-store' });
    }
  });

  it('is no-store on Better Auth answers and on writes', async () => {
    expect((await headersOf('/api/auth/get-session', alice.cookie)).cache).toBe('no-store');
    const refused = await new Client(server.url).post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'wrong-password',
    });
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const created = await alice.post('/api/todos', { title: 'Cache test' });
    expect(created.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves the web app to its own caching', async () => {
    const res = await fetch(`${server.url}/`, { headers: { origin: TEST_ORIGIN } });
    await res.body?.cancel();
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });
});
