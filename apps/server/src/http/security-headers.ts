/**
 * Security headers on every answer, API and web app alike ("a strict CSP (no inline scripts, self
 * only for scripts, connect-src self), frame-ancestors 'none', X-Content-Type-Options,
 * Referrer-Policy"), set by Hono's own `secureHeaders` middleware
 * (https://hono.dev/docs/middleware/builtin/secure-headers).
 */
import { POPUP_RETURN_PAGES } from '@summy/core';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from '../env.ts';

/** A bucket name usable as a DNS label prefix (S3 bucket naming rules), so it is safe in a CSP. */
const DNS_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The origins S3 presigned GetObject URLs of recordings point at, for `media-src`: the audio
 * player plays them directly (storage/s3.ts). Both addressing styles are listed, since the SDK
 * falls back to path style for bucket names with dots:
 * - with S3_ENDPOINT `E`: `E`'s origin and `{bucket}.{E's host}`;
 * - on AWS: `https://{bucket}.s3.{region}.amazonaws.com` and `https://s3.{region}.amazonaws.com`.
 * Checked against real presigned URLs in security-headers.unit.test.ts. Empty without S3.
 */
export function s3MediaOrigins(s3: Env['s3']): string[] {
  if (!s3) return [];
  const origins: string[] = [];
  const virtualHost = DNS_BUCKET.test(s3.bucket);
  if (s3.endpoint) {
    const url = new URL(s3.endpoint);
    origins.push(url.origin);
    if (virtualHost) origins.push(`${url.protocol}//${s3.bucket}.${url.host}`);
  } else if (/^[a-z0-9-]+$/.test(s3.region)) {
    origins.push(`https://s3.${s3.region}.amazonaws.com`);
    if (virtualHost) origins.push(`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`);
  }
  return origins;
}

/**
 * The Content-Security-Policy directives (camelCase, as `secureHeaders` takes them):
 * - scripts from this origin only, never inline (index.html loads public/theme.js);
 * - `style-src 'unsafe-inline'`: libraries insert `<style>` elements at run time (Radix's scroll
 *   lock through react-remove-scroll, Sonner's toasts); styles cannot run script;
 * - images from this origin, `data:` and `blob:`; markdown images are never loaded at all
 *   (apps/web/src/components/markdown-text.tsx shows them as links). With Google sign-in,
 *   `https://*.googleusercontent.com` too, where Google account photos live;
 * - media from this origin (signed /api/storage URLs), `blob:` (audio held in this browser) and the
 *   S3 origins of {@link s3MediaOrigins};
 * - connections (fetch, SSE, tus) to this origin only; no plugins, no `<base>` elsewhere, forms
 *   posting here only, and no framing by any page;
 * - the installable app's service worker (`/sw.js`) and web manifests from this origin only.
 *   `default-src 'self'` would allow them too; named so that a later change of `default-src` cannot
 *   silently break installing. The worker's own fetches obey its own answer's CSP, which is this
 *   one.
 */
export function contentSecurityPolicy(env: Pick<Env, 's3' | 'google'>) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: [
      "'self'",
      'data:',
      'blob:',
      ...(env.google ? ['https://*.googleusercontent.com'] : []),
      // A GOOGLE_BASE_URL stand-in serves the account photos itself.
      ...(env.google && !env.google.userInfoUrl.startsWith('https://openidconnect.googleapis.com')
        ? [new URL(env.google.userInfoUrl).origin]
        : []),
    ],
    mediaSrc: ["'self'", 'blob:', ...s3MediaOrigins(env.s3)],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * The middleware: the CSP above, `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: strict-origin-when-cross-origin`, `Permissions-Policy` (microphone for this
 * origin, no camera or location), `Cross-Origin-Opener-Policy: same-origin-allow-popups`
 * (`unsafe-none` on the OAuth popup's return path), and Hono's other defaults
 * (Cross-Origin-Resource-Policy same-origin, X-XSS-Protection 0...).
 *
 * Not `no-referrer`: under it browsers send `Origin: null` on same-origin POSTs (Fetch standard,
 * "append a request Origin header"), which the CSRF guards (http/session.ts, Better Auth) refuse.
 * Strict-Transport-Security only when PUBLIC_URL is https, without includeSubDomains: other
 * services may live on sibling hosts, and on plain http browsers ignore it anyway.
 */
export function securityHeaders(env: Pick<Env, 's3' | 'google' | 'publicUrl'>): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(env),
    // Not `same-origin`: it cuts a popup off from its opener once the popup visits Google, and the
    // Add Account popup must post its outcome back (/auth/callback).
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: env.publicUrl.startsWith('https:') ? 'max-age=15552000' : false,
    permissionsPolicy: { microphone: ['self'], camera: [], geolocation: [] },
  });
  return async (c, next) => {
    await headers(c, next);
    // The popup comes back from Google or Linear through these; any other COOP than the one of
    // their pages (none) would move it to a new browsing context group and lose `window.opener`.
    if (isPopupReturnPath(c.req.path))
      c.res.headers.set('Cross-Origin-Opener-Policy', 'unsafe-none');
    // A share link's token is in the address: no search engine keeps it, no referrer carries it.
    if (isSharePath(c.req.path)) {
      c.res.headers.set('X-Robots-Tag', 'noindex');
      c.res.headers.set('Referrer-Policy', 'no-referrer');
    }
  };
}

/**
 * Better Auth's OAuth callbacks and the web app's popup return pages (`POPUP_RETURN_PAGES`:
 * /auth/callback for Google, /linear/callback for Linear), which post the outcome to the opener.
 */
export function isPopupReturnPath(path: string): boolean {
  return (
    Object.values<string>(POPUP_RETURN_PAGES).includes(path) ||
    path.startsWith('/api/auth/callback/')
  );
}

/** The shared page (`/s/{token}`) and its API (`/api/s/{token}`), whose path holds a token. */
export function isSharePath(path: string): boolean {
  return path.startsWith('/s/') || path.startsWith('/api/s/');
}
