/**
 * Settings that Better Auth (auth.ts) and the HTTP middleware (http/) share: the trusted origins,
 * the header that carries the client address, and Better Auth's own rate-limit rules. They live
 * here, below both, so neither imports the other.
 */

/**
 * Request header through which the resolved address reaches Better Auth (its
 * `advanced.ipAddress.ipAddressHeaders`): set on every /api/auth request, overwriting whatever a
 * client sent under that name, so Better Auth's limiter and `session.ip_address` see the same
 * address as Summy's own limits.
 */
export const CLIENT_ADDRESS_HEADER = 'x-summy-client-address';

/**
 * Better Auth's limiter rules (its `rateLimit` option; paths relative to /api/auth), counting every
 * request per client address and path. `window` in seconds. Its own defaults (3 per 10 s on sign-in
 * and sign-up) would refuse a household behind one address; these stop floods instead, and the
 * per-account and per-failure counters stop guessing. Every /sign-in/* and /sign-up/* route
 * Summy serves needs its own rule here, or that default applies to it. /get-session only reads a
 * cookie and is asked on every page load, so it is left out (no database write per page).
 */
export const BETTER_AUTH_RATE_LIMIT = {
  window: 60,
  max: 100,
  customRules: {
    '/get-session': false,
    '/sign-in/email': { window: 60, max: 30 },
    // Without its own rule Better Auth's 3 per 10 s on /sign-in/* applies: a fourth person
    // choosing 'Continue with Google' behind one address within 10 s was refused.
    '/sign-in/social': { window: 60, max: 30 },
    '/sign-up/email': { window: 60, max: 10 },
    '/change-password': { window: 60, max: 10 },
    '/verify-password': { window: 60, max: 10 },
    '/change-email': { window: 60, max: 10 },
    '/delete-user': { window: 60, max: 10 },
    '/request-password-reset': { window: 60, max: 10 },
    '/reset-password': { window: 60, max: 10 },
    '/reset-password/*': { window: 60, max: 10 },
  },
} as const;

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins allowed to write: PUBLIC_URL's, and when that is a loopback name (the default
 * http://localhost:{PORT}), the other loopback names on the same scheme and port too, so a browser
 * opened at http://127.0.0.1:3000 or http://[::1]:3000 can sign up. Cookies
 * are host-only, so each name keeps its own session.
 * @param publicUrl env.publicUrl, e.g. 'http://localhost:3000'
 * @returns origins such as ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']
 */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const others = LOOPBACK_HOSTS.filter((h) => h !== url.hostname).map((host) => {
    const alias = new URL(url.origin);
    alias.hostname = host;
    return alias.origin;
  });
  return [url.origin, ...others];
}
