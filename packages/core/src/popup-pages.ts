/**
 * The web app's pages an OAuth popup comes back to from the provider. Each posts the outcome to
 * the window that opened the popup, so each must be answered by the server, whose answer carries
 * `Cross-Origin-Opener-Policy: unsafe-none` there (apps/server/src/http/security-headers.ts). The
 * installable app's service worker must never answer them with its cached shell: the shell
 * carries the site-wide `same-origin-allow-popups`, and a popup that comes back from the
 * provider's origin to that policy lands in a new browsing context group, without `window.opener`
 * (HTML standard, "obtain a browsing context to use for a navigation response"). Pure data, no
 * imports, so the web app's build config can read it too.
 */
export const POPUP_RETURN_PAGES = {
  /** Better Auth lands here after `/api/auth/callback/google` linked the Google account. */
  google: '/auth/callback',
  /** Linear's `redirect_uri`: the page exchanges the code through `POST /api/linear/token`. */
  linear: '/linear/callback',
} as const;

/**
 * Whether a URL's path (and query, as Workbox matches navigations) opens one of
 * {@link POPUP_RETURN_PAGES}: `/auth/callback`, `/auth/callback?error=...`; not `/auth/callbacks`.
 */
export const POPUP_RETURN_PAGE_PATTERNS: readonly RegExp[] = Object.values(POPUP_RETURN_PAGES).map(
  (page) => new RegExp(`^${page.replaceAll('/', '\\/')}(?:[?#]|$)`),
);
