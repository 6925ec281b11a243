/**
 * The colour theme: a person's choice (system, light, dark) kept in localStorage and applied as a
 * `dark` class on <html>. public/theme.js (loaded by index.html) runs the same logic before first
 * paint; this module takes over once the app runs, following later OS changes and other tabs.
 */
import { useSyncExternalStore } from 'react';

/** What a person can choose in Settings ("theme (system, light, dark)"). */
export type Theme = 'system' | 'light' | 'dark';

/** The theme actually drawn. */
export type ResolvedTheme = 'light' | 'dark';

/** The list of choices, in the order Settings shows them. */
export const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

/** localStorage key; public/theme.js reads the same key. */
export const THEME_STORAGE_KEY = 'theme';

const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function readStoredTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
  } catch {
    // Storage can be blocked (privacy modes); the OS preference is the sensible fallback.
    return 'system';
  }
}

let current: Theme = readStoredTheme();

function resolve(theme: Theme): ResolvedTheme {
  if (theme === 'system') return darkQuery.matches ? 'dark' : 'light';
  return theme;
}

function apply(): void {
  const resolved = resolve(current);
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

function emit(): void {
  apply();
  for (const listener of listeners) listener();
}

darkQuery.addEventListener('change', () => {
  if (current === 'system') emit();
});
window.addEventListener('storage', (event) => {
  if (event.key !== THEME_STORAGE_KEY) return;
  current = readStoredTheme();
  emit();
});

/** Chooses and persists a theme; every mounted {@link useTheme} re-renders. */
export function setTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // The choice still applies for this visit.
  }
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen and the drawn theme, plus the setter; re-renders when either changes. */
export function useTheme(): {
  theme: Theme;
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
} {
  const theme = useSyncExternalStore(subscribe, () => current);
  const resolvedTheme = useSyncExternalStore(subscribe, () => resolve(current));
  return { theme, resolvedTheme, setTheme };
}
