import { describe, expect, it } from 'vitest';
import { POPUP_RETURN_PAGE_PATTERNS } from './popup-pages.ts';

/** Whether Workbox's denylist (path and query, as it matches navigations) leaves `url` alone. */
const denied = (url: string) => POPUP_RETURN_PAGE_PATTERNS.some((p) => p.test(url));

describe('POPUP_RETURN_PAGE_PATTERNS', () => {
  it('match both return pages, with or without a query', () => {
    expect(denied('/auth/callback')).toBe(true);
    expect(denied('/auth/callback?error=invalid_code')).toBe(true);
    expect(denied('/linear/callback?code=abc&state=xyz')).toBe(true);
  });

  it('leave every other page of the app to the worker', () => {
    for (const url of [
      '/',
      '/auth/callbacks',
      '/calendar',
      '/privacy-policy',
      '/x/auth/callback',
    ]) {
      expect(denied(url), url).toBe(false);
    }
  });
});
