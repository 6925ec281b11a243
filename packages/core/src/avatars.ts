/**
 * Attendee avatars: the initials fallback and its palette of 8 colours. Pure so the web's avatars,
 * the calendar's event details and any server rendering agree on a person's letters and colour.
 */

/** One palette colour: a background and a text colour that reads on it, for each theme. */
export interface AvatarColor {
  /** Palette name, for tests and debugging ('indigo'...). */
  name: string;
  /** Light theme: a saturated background with white text (contrast at least 4.5:1). */
  light: { background: string; foreground: string };
  /** Dark theme: a deeper background with a pale tint of the same hue (contrast at least 4.5:1). */
  dark: { background: string; foreground: string };
}

/**
 * The 8 colours of the initials fallback, as hex so the web can pass them through CSS variables
 * without a class per colour. Tailwind's 600/700 shades in light, 800 with the 100 tint in dark.
 */
export const AVATAR_PALETTE: readonly AvatarColor[] = [
  palette('indigo', '#4f46e5', '#3730a3', '#e0e7ff'),
  palette('violet', '#7c3aed', '#5b21b6', '#ede9fe'),
  palette('sky', '#0369a1', '#075985', '#e0f2fe'),
  palette('emerald', '#047857', '#065f46', '#d1fae5'),
  palette('amber', '#b45309', '#92400e', '#fef3c7'),
  palette('rose', '#e11d48', '#9f1239', '#ffe4e6'),
  palette('teal', '#0f766e', '#115e59', '#ccfbf1'),
  palette('fuchsia', '#a21caf', '#86198f', '#fae8ff'),
];

function palette(name: string, light: string, dark: string, darkText: string): AvatarColor {
  return {
    name,
    light: { background: light, foreground: '#ffffff' },
    dark: { background: dark, foreground: darkText },
  };
}

/**
 * Up to two capital letters for a person: the first letters of the first and last words of a name,
 * or of the local part of an e-mail split at '.', '_' and '-' ('ada.lovelace@acme.test' gives 'AL',
 * 'Grace' gives 'G'). Characters, not UTF-16 units, so 'Émile Zola' gives 'ÉZ'.
 *
 * @returns '?' when the input has no letters or digits at all
 */
export function initials(nameOrEmail: string): string {
  const text = nameOrEmail.trim();
  const source = text.includes('@') && !/\s/.test(text) ? text.slice(0, text.indexOf('@')) : text;
  const words = source
    .split(/[\s._-]+/)
    .map((word) => Array.from(word).find((char) => /[\p{L}\p{N}]/u.test(char)))
    .filter((letter): letter is string => letter !== undefined);
  if (words.length === 0) return '?';
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : [words[0]!];
  return letters.join('').toUpperCase();
}

/**
 * The palette slot of a person: an FNV-1a hash of the trimmed, lower-cased key, so the same e-mail
 * keeps its colour in the header, the calendar and the contacts list, across sessions.
 *
 * @param key the person's e-mail (preferred, it is unique) or else their name
 * @returns an index into {@link AVATAR_PALETTE}
 */
export function avatarColorIndex(key: string): number {
  let hash = 0x811c9dc5;
  for (const char of key.trim().toLowerCase()) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % AVATAR_PALETTE.length;
}

/** The palette colour of a person; see {@link avatarColorIndex} for the key. */
export function avatarColor(key: string): AvatarColor {
  return AVATAR_PALETTE[avatarColorIndex(key)]!;
}
