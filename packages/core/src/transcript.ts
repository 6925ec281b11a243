/**
 * Transcript parsing for display: the stored transcript is plain text, one paragraph per speaker
 * turn, and the meeting view shows one card per turn.
 */

/** One speaker turn as the meeting view shows it. */
export interface TranscriptTurn {
  /** 'Speaker 1', 'Unknown' or a person's name. */
  speaker: string;
  /** What was said; merged paragraphs of the same speaker. */
  text: string;
  /** Position among the turns, from 0. */
  index: number;
  /** Character offset of the turn's first paragraph in the stored transcript. */
  offset: number;
}

/** The speaker an unlabelled first paragraph belongs to. */
export const DEFAULT_SPEAKER = 'Speaker 1';

// '[Speaker 2]:', 'Speaker 2:', 'Unknown:' (case as written), or a capitalised name of up to four
// words ('Alice:', 'Mary Ann O'Neil:'). A lower-case word before a colon is prose, not a label.
const BRACKETED = /^\[(Speaker \d+)\]:\s*/;
const NUMBERED = /^(Speaker \d+|Unknown):\s*/;
const NAMED = /^(\p{Lu}[\p{L}\p{M}'’.-]*(?: \p{Lu}[\p{L}\p{M}'’.-]*){0,3}):\s*/u;

function readLabel(paragraph: string): { speaker: string; text: string } | null {
  for (const pattern of [BRACKETED, NUMBERED, NAMED]) {
    const match = pattern.exec(paragraph);
    if (match) return { speaker: match[1]!, text: paragraph.slice(match[0].length) };
  }
  return null;
}

const CLOSERS = new Set(['"', "'", ')', ']']);
const PUNCTUATION = new Set(['.', '!', '?', '…', ',', ';', ':']);

/** True when `text` ends in punctuation, maybe followed by closing quotes or brackets. */
function endsInPunctuation(text: string): boolean {
  let i = text.length - 1;
  while (i >= 0 && CLOSERS.has(text[i]!)) i--;
  return i >= 0 && PUNCTUATION.has(text[i]!);
}

/**
 * Splits a transcript into speaker turns: paragraphs are separated by blank lines; a paragraph may
 * start with '[Speaker N]:', a capitalised name and a colon, or 'Speaker N:' / 'Unknown:'; an
 * unlabelled paragraph keeps the previous speaker ('Speaker 1' at first); consecutive paragraphs
 * of one speaker merge, joined by '. ' when the earlier text does not end in punctuation.
 *
 * @param text the stored transcript; null, undefined or blank give no turns
 * @returns the turns in order
 */
export function parseTranscript(text: string | null | undefined): TranscriptTurn[] {
  if (!text?.trim()) return [];
  const turns: TranscriptTurn[] = [];
  // The pieces of the last turn, and the last piece said.
  let parts: string[] = [];
  let lastSaid = '';
  let speaker = DEFAULT_SPEAKER;
  const separator = /\n[ \t]*\n\s*/g;
  let start = 0;
  const paragraphs: { raw: string; offset: number }[] = [];
  for (const match of text.matchAll(separator)) {
    paragraphs.push({ raw: text.slice(start, match.index), offset: start });
    start = match.index + match[0].length;
  }
  paragraphs.push({ raw: text.slice(start), offset: start });

  for (const { raw, offset } of paragraphs) {
    const paragraph = raw.trim();
    if (!paragraph) continue;
    const label = readLabel(paragraph);
    if (label) speaker = label.speaker;
    const said = (label ? label.text : paragraph).trim();
    if (!said) continue;
    const last = turns[turns.length - 1];
    if (last && last.speaker === speaker) {
      // The merged text ends with the piece said last, so only that piece needs checking; the
      // pieces are joined once at the end (appending to one growing string, and testing its end
      // with an expression anchored by `$`, made thousands of short turns quadratic: minutes for a
      // 2 MB transcript).
      parts.push(endsInPunctuation(lastSaid) ? ' ' : '. ', said);
    } else {
      if (last) last.text = parts.join('');
      parts = [said];
      turns.push({
        speaker,
        text: said,
        index: turns.length,
        offset: offset + raw.indexOf(paragraph),
      });
    }
    lastSaid = said;
  }
  const last = turns[turns.length - 1];
  if (last) last.text = parts.join('');
  return turns;
}
