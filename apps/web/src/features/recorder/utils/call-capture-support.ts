/**
 * Which browsers can record a call's audio, and what to share in their picker. Only Chromium
 * browsers (Chrome, Edge) give a shared tab's audio to getDisplayMedia, on every desktop OS; on
 * Windows and ChromeOS they can share the whole system's audio too. Firefox and Safari share
 * screens without audio, and phones cannot share at all.
 */
import { recordsCall, type RecordingSource } from './recording-source';

/** What can be captured here: `available` false disables the call sources, `hint` says why. */
export interface CallCaptureSupport {
  available: boolean;
  /** Shown before the browser's picker: what to pick, or why the call sources are off. */
  hint: string;
}

/** What the support is judged from (the browser's navigator, or a test's). */
export interface BrowserTraits {
  /** True when navigator.mediaDevices.getDisplayMedia exists. */
  hasDisplayMedia: boolean;
  /** navigator.userAgent. */
  userAgent: string;
}

/** The reason the call sources are disabled on browsers that cannot capture a tab's audio. */
export const CALL_CAPTURE_UNAVAILABLE =
  "This browser cannot record a call's audio: not available, use Chrome or Edge.";

/** What to pick in Chrome's or Edge's picker on macOS and Linux. */
export const SHARE_TAB_HINT =
  "Your browser will ask what to share: pick the tab your call runs in and tick 'Share tab audio'.";

/** Windows and ChromeOS can also share the whole system's audio (a desktop app's call). */
export const SHARE_SYSTEM_HINT =
  `${SHARE_TAB_HINT} For a call in a desktop app, share your entire screen and tick ` +
  "'Share system audio'.";

/**
 * The support of the browser described by `traits`. Chromium is recognised by 'Chrome/' or
 * 'Edg/' in its user agent, and neither Firefox's nor Safari's carries them (Chrome on iOS says
 * 'CriOS' and is Safari underneath).
 */
export function callCaptureSupport({
  hasDisplayMedia,
  userAgent,
}: BrowserTraits): CallCaptureSupport {
  const chromium = /\b(Chrome|Chromium|Edg)\//.test(userAgent) && !/\bFirefox\//.test(userAgent);
  if (!hasDisplayMedia || !chromium) return { available: false, hint: CALL_CAPTURE_UNAVAILABLE };
  const systemAudio = /\bWindows\b|\bCrOS\b/.test(userAgent);
  return { available: true, hint: systemAudio ? SHARE_SYSTEM_HINT : SHARE_TAB_HINT };
}

/** The support of this browser. */
export function browserCallCaptureSupport(): CallCaptureSupport {
  return callCaptureSupport({
    hasDisplayMedia:
      typeof navigator !== 'undefined' &&
      typeof navigator.mediaDevices?.getDisplayMedia === 'function',
    userAgent: typeof navigator !== 'undefined' ? navigator.userAgent : '',
  });
}

/**
 * The source a recording can use here: the chosen one, or the microphone when it records a call
 * and this browser cannot capture one (a choice remembered from another browser).
 */
export function usableSource(
  source: RecordingSource,
  support: CallCaptureSupport,
): RecordingSource {
  return recordsCall(source) && !support.available ? 'microphone' : source;
}
