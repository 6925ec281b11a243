/**
 * Security headers on every answer of a real server: the web app, public and authenticated API
 * routes, Better Auth's routes and error answers alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp, startTestServer } from '../../test/harness.ts';
import type { RunningServer } from '../server.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** The CSP as a map of directive to its sources. */
function csp(headers: Headers): Map<string, string[]> {
  const value = headers.get('content-security-policy') ?? '';
  return new Map(
    value
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectSecure(headers: Headers): void {
  const policy = csp(headers);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('worker-src')).toEqual(["'self'"]);
  expect(policy.get('manifest-src')).toEqual(["'self'"]);
  expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy')).toBe('microphone=(self), camera=(), geolocation=()');
  // PUBLIC_URL is http here: no HSTS.
  expect(headers.get('strict-transport-security')).toBeNull();
}

describe('security headers', () => {
  it('are on the web app, public routes, auth routes and errors', async () => {
    const anonymous = new Client(server.url);
    for (const route of ['/', '/meeting/some-id', '/api/health', '/api/config', '/api/meetings']) {
      const res = await anonymous.get(route);
      expect(res.status, route).toBeLessThan(600);
      expectSecure(res.headers);
    }
    const refused = await anonymous.post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'wrong-password',
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expectSecure(refused.headers);
  });

  it('are on authenticated answers and 404s', async () => {
    const alice = await signUp(server, 'Alice');
    const list = await alice.get('/api/meetings');
    expect(list.status).toBe(200);
    expectSecure(list.headers);
    const missing = await alice.get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expectSecure(missing.headers);
  });
});
