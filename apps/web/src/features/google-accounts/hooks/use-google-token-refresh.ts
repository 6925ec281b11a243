/**
 * The background Google token refresh: hourly while signed in, and 1 s after the page becomes
 * visible or the window gains focus. The server refreshes only within 10 minutes of expiry, so
 * extra calls are cheap; it answers `{expires_at}` only.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { googleQueryKey, useGoogleAccounts } from '../api/get-google-accounts';
import { refreshGoogleToken } from '../api/refresh-google-token';

/** Background token refresh: every 60 minutes. */
export const GOOGLE_REFRESH_INTERVAL_MS = 60 * 60 * 1000;
/** Refresh on page visibility or window focus, after 1 s. */
export const GOOGLE_REFRESH_FOCUS_DELAY_MS = 1000;

/**
 * Runs the refresh while mounted (mount it inside the signed-in layout, so sign-out stops it) and
 * while a Google account is linked. A refused refresh (409) means the server dropped the tokens:
 * the account list is reloaded so it shows the account as needing reconnection.
 */
export function useGoogleTokenRefresh() {
  const queryClient = useQueryClient();
  const { data: accounts } = useGoogleAccounts();
  const linked = (accounts?.length ?? 0) > 0;
  const inFlight = useRef(false);

  useEffect(() => {
    if (!linked) return;
    const refresh = async () => {
      // Focus and visibility often fire together; one request at a time is enough.
      if (inFlight.current || document.visibilityState === 'hidden') return;
      inFlight.current = true;
      try {
        await refreshGoogleToken();
      } catch (error) {
        console.warn('Google token refresh failed', error);
        void queryClient.invalidateQueries({ queryKey: googleQueryKey });
      } finally {
        inFlight.current = false;
      }
    };

    let debounce: number | undefined;
    const soon = () => {
      window.clearTimeout(debounce);
      debounce = window.setTimeout(() => void refresh(), GOOGLE_REFRESH_FOCUS_DELAY_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') soon();
    };
    const hourly = window.setInterval(() => void refresh(), GOOGLE_REFRESH_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', soon);
    return () => {
      window.clearInterval(hourly);
      window.clearTimeout(debounce);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', soon);
    };
  }, [linked, queryClient]);
}
