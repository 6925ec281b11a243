/**
 * The connect dialog's server choice (iCloud, Nextcloud, Fastmail or another URL) turned into the
 * CalDAV URL the server is given as `containerId`. Nextcloud's DAV root sits under the user's own
 * host (`{your server}/remote.php/dav`), so for it the person types the host.
 */
import { CALDAV_PRESETS, type CaldavPreset } from '@summy/core';

/** The presets in the order the dialog lists them. */
export const SERVER_CHOICES: readonly CaldavPreset[] = ['icloud', 'nextcloud', 'fastmail', 'other'];

/** Whether the preset needs the person to type an address (Nextcloud's host, another server). */
export function needsAddress(preset: CaldavPreset): boolean {
  return preset === 'nextcloud' || preset === 'other';
}

/** The typed address as an http(s) URL with a scheme (`https://` added when none), or null. */
export function normaliseAddress(typed: string): URL | null {
  const text = typed.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The CalDAV server URL for a choice: iCloud's and Fastmail's fixed ones; for Nextcloud the typed
 * host with `/remote.php/dav` (unless already typed); for 'other' the typed URL. Null when the
 * typed address is missing or not an http(s) URL.
 */
export function caldavServerUrl(preset: CaldavPreset, typed: string): string | null {
  if (!needsAddress(preset)) return CALDAV_PRESETS[preset].url;
  const url = normaliseAddress(typed);
  if (!url) return null;
  if (preset === 'other') return url.href;
  const base = url.href.replace(/\/+$/, '');
  return /\/remote\.php\/dav$/.test(base) ? base : `${base}/remote.php/dav`;
}

/**
 * Which preset a stored server URL came from, so Settings can say 'iCloud' rather than the URL;
 * 'other' for anything else.
 */
export function presetOf(serverUrl: string | null): CaldavPreset {
  if (!serverUrl) return 'other';
  const trimmed = serverUrl.replace(/\/+$/, '');
  if (trimmed === CALDAV_PRESETS.icloud.url.replace(/\/+$/, '')) return 'icloud';
  if (trimmed === CALDAV_PRESETS.fastmail.url.replace(/\/+$/, '')) return 'fastmail';
  if (/\/remote\.php\/dav$/.test(trimmed)) return 'nextcloud';
  return 'other';
}
