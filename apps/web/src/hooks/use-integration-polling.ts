/**
 * Background refresh of integration data, Linear issues and reminders alike (cache 5 min, polling
 * 30 s, inactivity cut-off 5 min): every 30 s, but only while the tab
 * is visible and the person was active (mouse, key or scroll) within the last 5 minutes, so an idle
 * or hidden tab spends none of the vendor's rate limit. Shared by the Linear and reminders
 * features.
 *
 * The 5-minute cache is the query's own `staleTime` ({@link INTEGRATION_CACHE_MS}): a screen opened
 * again within it shows the cached answer without asking, and a stale or empty cache is fetched
 * when the screen mounts (TanStack Query's refetch-on-mount), which is the documented "refreshed
 * when stale and connected, initialised when connected and empty".
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/** How long fetched integration data counts as fresh, ms. */
export const INTEGRATION_CACHE_MS = 5 * 60_000;
/** Gap between two background refreshes while the person is active, ms. */
export const INTEGRATION_POLL_MS = 30_000;
/** No background refresh after this long without mouse, key or scroll activity, ms. */
export const INACTIVITY_CUTOFF_MS = 5 * 60_000;

/** The events that count as activity: mouse, key or scroll. */
const ACTIVITY_EVENTS = [
  'pointermove',
  'pointerdown',
  'keydown',
  'wheel',
  'scroll',
  'touchstart',
] as const;

/** When the person last moved the mouse, pressed a key or scrolled, ms since the epoch. */
let lastActivityAt = Date.now();
let listening = false;

function noteActivity(): void {
  lastActivityAt = Date.now();
}

/** Starts listening for activity once for the whole page (cheap: one timestamp per event). */
function listenForActivity(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  // Capture, so scrolls inside any scrolling element (they do not bubble) are seen too.
  for (const type of ACTIVITY_EVENTS) {
    window.addEventListener(type, noteActivity, { capture: true, passive: true });
  }
}

/**
 * Whether a background refresh may run now: the tab is visible and the last activity is at most
 * {@link INACTIVITY_CUTOFF_MS} old. `now` and `lastActivity` in ms since the epoch.
 */
export function isPollingAllowed(now: number, lastActivity: number, visible: boolean): boolean {
  return visible && now - lastActivity <= INACTIVITY_CUTOFF_MS;
}

/** Options of {@link useIntegrationPolling}. */
export interface IntegrationPollingOptions {
  /** The queries to refresh (a key prefix matches every query under it). */
  queryKey: QueryKey;
  /** False while not connected or not configured: nothing is polled. */
  enabled: boolean;
}

/**
 * Refreshes the queries under `queryKey` every {@link INTEGRATION_POLL_MS} while
 * {@link isPollingAllowed}; only queries something on screen uses are fetched. Give those queries
 * `staleTime: INTEGRATION_CACHE_MS`.
 */
export function useIntegrationPolling({ queryKey, enabled }: IntegrationPollingOptions): void {
  const queryClient = useQueryClient();
  // The key's identity changes every render when written inline; its text does not.
  const keyText = JSON.stringify(queryKey);

  useEffect(() => {
    if (!enabled) return;
    listenForActivity();
    const key = JSON.parse(keyText) as QueryKey;
    const timer = window.setInterval(() => {
      const visible = document.visibilityState === 'visible';
      if (!isPollingAllowed(Date.now(), lastActivityAt, visible)) return;
      void queryClient.refetchQueries({ queryKey: key, type: 'active' });
    }, INTEGRATION_POLL_MS);
    return () => window.clearInterval(timer);
  }, [enabled, keyText, queryClient]);
}
