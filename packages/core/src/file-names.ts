/**
 * File and folder names made from what users typed (meeting titles), for exports: the account
 * export's folders and the meeting export's files.
 */

/**
 * Characters a file name must not carry: those file systems refuse (`\ / : * ? " < > |`) and
 * control characters (newlines, tabs), each run read as a space.
 */
const REFUSED = /[\\/:*?"<>|\p{Cc}]+/gu;

/**
 * Invisible format characters, dropped: the bidirectional controls (U+202A-U+202E, U+2066-U+2069,
 * U+200E, U+200F, U+061C) make a name display in another order than it is written, so a right-to-
 * left override can pass 'gpj.exe' off as 'exe.jpg'; zero-width spaces, soft hyphens and the byte
 * order mark make names that look alike differ. U+200D (zero-width joiner) stays: it joins emoji
 * sequences (a family, a flag) and reorders nothing. Lone surrogates (Cs) go too: no file system
 * name can hold them.
 */
const INVISIBLE = /(?![\u200d])[\p{Cf}\p{Cs}]/gu;

/**
 * `title` as a file or folder name: refused and control characters as spaces, invisible format
 * characters (bidirectional controls among them) removed, spaces collapsed and trimmed. May be
 * empty: callers put their own fallback ('Meeting') and length limit.
 */
export function fileNameFromTitle(title: string): string {
  return title.replace(INVISIBLE, '').replace(REFUSED, ' ').replace(/\s+/g, ' ').trim();
}
