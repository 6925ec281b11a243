/** Edits of the question box's text by the @ picker: pure, so the composer only applies them. */

/** New text of the question box and where its caret goes (a character offset). */
export interface ComposerEdit {
  text: string;
  caret: number;
}

/**
 * `value` without the @ mention starting at `start` that the caret at `caret` is in: '@que|ry' loses
 * the whole word, and the space before it when one would be left doubled (or trailing). The caret
 * goes where the mention stood.
 */
export function withoutMention(value: string, caret: number, start: number): ComposerEdit {
  let end = caret;
  while (end < value.length && !/\s/.test(value[end]!)) end++;
  let from = start;
  const after = value.slice(end);
  if (from > 0 && /\s/.test(value[from - 1]!) && (after === '' || /^\s/.test(after))) from--;
  return { text: value.slice(0, from) + after, caret: from };
}

/**
 * `value` with an '@' typed at offset `at` (a space before it unless it starts the text or follows
 * white space), and the caret just after the '@'.
 */
export function withAtSign(value: string, at: number): ComposerEdit {
  const before = value.slice(0, at);
  const insert = before === '' || /\s$/.test(before) ? '@' : ' @';
  return { text: before + insert + value.slice(at), caret: at + insert.length };
}
