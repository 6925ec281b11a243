/**
 * When integration data may be refreshed in the background (every 30 s, only while the tab is
 * visible and the person was active within the last 5 minutes).
 */
import { describe, expect, it } from 'vitest';
import {
  INACTIVITY_CUTOFF_MS,
  INTEGRATION_CACHE_MS,
  INTEGRATION_POLL_MS,
  isPollingAllowed,
} from './use-integration-polling';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

describe('isPollingAllowed', () => {
  it('polls a visible tab whose person was just active', () => {
    expect(isPollingAllowed(NOW, NOW - 1_000, true)).toBe(true);
  });

  it('still polls at exactly 5 minutes without activity, not a moment later', () => {
    expect(isPollingAllowed(NOW, NOW - INACTIVITY_CUTOFF_MS, true)).toBe(true);
    expect(isPollingAllowed(NOW, NOW - INACTIVITY_CUTOFF_MS - 1, true)).toBe(false);
  });

  it('never polls a hidden tab, however active', () => {
    expect(isPollingAllowed(NOW, NOW, false)).toBe(false);
  });

  it('uses the documented polling constants', () => {
    expect(INTEGRATION_POLL_MS).toBe(30_000);
    expect(INTEGRATION_CACHE_MS).toBe(300_000);
    expect(INACTIVITY_CUTOFF_MS).toBe(300_000);
  });
});
