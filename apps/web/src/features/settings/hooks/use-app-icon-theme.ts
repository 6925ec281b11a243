/**
 * The app icon theme (light or dark; a local storage key; it changes the favicon and the installed
 * app's icon). A choice of this browser, kept in localStorage like the colour theme and not cleared
 * at sign-out (lib/user-storage.ts). public/theme.js applies the stored choice before first paint;
 * this module switches the links when the person picks another one.
 *
 * The installed app's icon follows the web manifest the page links: both manifests carry the same
 * `id`, so Chromium treats a switch as new icons of the same app and updates it on a later launch
 * (docs/decisions/027-installable-app-and-icon-theme.md).
 */
import { useSyncExternalStore } from 'react';

/** The icon themes Settings offers, in its order. */
export const APP_ICON_THEMES = ['light', 'dark'] as const;

/** One app icon theme: a white tile (light) or a near-black one (dark), both with the indigo mark. */
export type AppIconTheme = (typeof APP_ICON_THEMES)[number];

/** localStorage key; public/theme.js reads the same key and value 'dark'. */
export const APP_ICON_THEME_STORAGE_KEY = 'summy-app-icon-theme';

/** The icon theme until a person picks one: index.html names its files. */
export const DEFAULT_APP_ICON_THEME: AppIconTheme = 'light';

/**
 * The `<link>` targets of one icon theme, by `rel`: the favicon (SVG), the home-screen icon of
 * Safari (`apple-touch-icon`, a full-bleed PNG) and the web manifest listing the 192 and 512 px
 * icons, plain and maskable (apps/web/public/manifest-{theme}.webmanifest).
 */
export function appIconLinks(
  theme: AppIconTheme,
): Record<'icon' | 'apple-touch-icon' | 'manifest', string> {
  return {
    icon: `/icons/icon-${theme}.svg`,
    'apple-touch-icon': `/icons/icon-${theme}-maskable-192.png`,
    manifest: `/manifest-${theme}.webmanifest`,
  };
}

/** Reads a stored value as an icon theme: anything but 'dark' (missing, garbled) is the default. */
export function parseAppIconTheme(value: string | null | undefined): AppIconTheme {
  return value === 'dark' ? 'dark' : DEFAULT_APP_ICON_THEME;
}

function readStored(): AppIconTheme {
  try {
    return parseAppIconTheme(globalThis.localStorage?.getItem(APP_ICON_THEME_STORAGE_KEY));
  } catch {
    // Storage blocked (privacy modes): the default icons, as index.html has them.
    return DEFAULT_APP_ICON_THEME;
  }
}

let current: AppIconTheme | null = null;
const listeners = new Set<() => void>();

function getCurrent(): AppIconTheme {
  current ??= readStored();
  return current;
}

/** Points the document's icon and manifest links at `theme`'s files (no-op outside a browser). */
function applyLinks(theme: AppIconTheme): void {
  if (typeof document === 'undefined') return;
  for (const [rel, href] of Object.entries(appIconLinks(theme))) {
    const link = document.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
    // Compared as written, so an unchanged choice does not make the browser fetch the manifest again.
    if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
  }
}

function emit(): void {
  applyLinks(getCurrent());
  for (const listener of listeners) listener();
}

/** Chooses and keeps an icon theme, switching the favicon and manifest now; hooks re-render. */
export function setAppIconTheme(theme: AppIconTheme): void {
  current = theme;
  try {
    localStorage.setItem(APP_ICON_THEME_STORAGE_KEY, theme);
  } catch {
    // The choice still applies for this visit.
  }
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab of Summy chose (once this module has loaded here): this tab follows, as with the
// colour theme. Guarded: unit tests import this module in Node.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== APP_ICON_THEME_STORAGE_KEY) return;
    current = parseAppIconTheme(event.newValue);
    emit();
  });
}

/** The chosen icon theme and its setter; re-renders when it changes here or in another tab. */
export function useAppIconTheme(): {
  appIconTheme: AppIconTheme;
  setAppIconTheme: (theme: AppIconTheme) => void;
} {
  const appIconTheme = useSyncExternalStore(subscribe, getCurrent, () => DEFAULT_APP_ICON_THEME);
  return { appIconTheme, setAppIconTheme };
}
