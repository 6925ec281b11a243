/**
 * What each browser can capture of a call, judged from real user agents: Chrome and Edge share a
 * tab's audio on every desktop OS and the system's on Windows and ChromeOS; Firefox and Safari
 * none; a browser without getDisplayMedia (phones) none.
 */
import { describe, expect, it } from 'vitest';
import {
  CALL_CAPTURE_UNAVAILABLE,
  SHARE_SYSTEM_HINT,
  SHARE_TAB_HINT,
  callCaptureSupport,
  usableSource,
} from './call-capture-support';

const AGENTS = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
};

const support = (userAgent: string, hasDisplayMedia = true) =>
  callCaptureSupport({ userAgent, hasDisplayMedia });

describe('callCaptureSupport', () => {
  it("Chrome on macOS and Linux: pick the tab and tick 'Share tab audio'", () => {
    expect(support(AGENTS.chromeMac)).toEqual({ available: true, hint: SHARE_TAB_HINT });
    expect(support(AGENTS.chromeLinux)).toEqual({ available: true, hint: SHARE_TAB_HINT });
    expect(SHARE_TAB_HINT).toContain("tick 'Share tab audio'");
  });

  it("Edge on Windows and Chrome on ChromeOS can share the system's audio too", () => {
    expect(support(AGENTS.edgeWindows)).toEqual({ available: true, hint: SHARE_SYSTEM_HINT });
    expect(support(AGENTS.chromeOs)).toEqual({ available: true, hint: SHARE_SYSTEM_HINT });
    expect(SHARE_SYSTEM_HINT).toContain("'Share system audio'");
  });

  it('Firefox, Safari and Chrome on iOS cannot: use Chrome or Edge', () => {
    for (const agent of [AGENTS.firefox, AGENTS.safari, AGENTS.chromeIos]) {
      expect(support(agent)).toEqual({ available: false, hint: CALL_CAPTURE_UNAVAILABLE });
    }
    expect(CALL_CAPTURE_UNAVAILABLE).toContain('not available, use Chrome or Edge');
  });

  it('a Chromium without getDisplayMedia (Android) cannot either', () => {
    expect(support(AGENTS.chromeLinux, false).available).toBe(false);
  });

  it('a call source remembered elsewhere records the microphone where calls cannot be captured', () => {
    const firefox = support(AGENTS.firefox);
    expect(usableSource('microphone-and-call', firefox)).toBe('microphone');
    expect(usableSource('call', firefox)).toBe('microphone');
    expect(usableSource('call', support(AGENTS.chromeMac))).toBe('call');
  });
});
