/**
 * The palette's shortcut: Cmd+K on Apple platforms, Ctrl+K elsewhere (docs/product.md#search-everywhere).
 * Tiny on purpose: the layout that listens for it is part of every page's first download
 * (bench/web); the palette itself loads on first use.
 */

/** True on macOS and iOS, where the shortcut is Cmd+K rather than Ctrl+K. */
export function isApplePlatform(platform: string): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(platform);
}

/**
 * Whether a key press opens (or closes) the palette: Cmd+K on Apple platforms, Ctrl+K elsewhere,
 * without Shift or Alt.
 */
export function isSearchShortcut(
  event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>,
  apple: boolean,
): boolean {
  if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return false;
  return apple ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
}

/** The shortcut as the platform writes it ('⌘K' or 'Ctrl K'), for hints. */
export function searchShortcutLabel(apple: boolean): string {
  return apple ? '⌘K' : 'Ctrl K';
}
