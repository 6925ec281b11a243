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

/**
 * The speaker label a trimmed paragraph starts with, if any.
 * @returns the speaker, the label as written (with the spaces after its colon) and the text after
 *   it; null for a paragraph without a label
 */
export function readLabel(
  paragraph: string,
): { speaker: string; label: string; text: string } | null {
  for (const pattern of [BRACKETED, NUMBERED, NAMED]) {
    const match = pattern.exec(paragraph);
    if (match) {
      return { speaker: match[1]!, label: match[0], text: paragraph.slice(match[0].length) };
    }
  }
  return null;
}

/** A paragraph of a stored transcript that says something, with the speaker it belongs to. */
export interface SpokenParagraph {
  /** Its label's speaker, else the speaker of the paragraph before ('Speaker 1' at first). */
  speaker: string;
  /** Its label as written, with the spaces after the colon; '' without one. */
  label: string;
  /** What it says, trimmed, without the label. */
  said: string;
  /** Character offsets of the trimmed paragraph (label included) in the transcript: [start, end). */
  start: number;
  end: number;
}

/**
 * The paragraphs (separated by blank lines) that say something, in order. A paragraph that is only
 * a label says nothing but still names the speaker of the unlabelled ones after it.
 */
export function spokenParagraphs(text: string): SpokenParagraph[] {
  const out: SpokenParagraph[] = [];
  let speaker = DEFAULT_SPEAKER;
  const push = (raw: string, offset: number) => {
    const paragraph = raw.trim();
    if (!paragraph) return;
    const label = readLabel(paragraph);
    if (label) speaker = label.speaker;
    const said = (label ? label.text : paragraph).trim();
    if (!said) return;
    const start = offset + raw.indexOf(paragraph);
    out.push({ speaker, label: label?.label ?? '', said, start, end: start + paragraph.length });
  };
  let start = 0;
  for (const match of text.matchAll(/\n[ \t]*\n\s*/g)) {
    push(text.slice(start, match.index), start);
    start = match.index + match[0].length;
  }
  push(text.slice(start), start);
  return out;
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
  for (const { speaker, said, start } of spokenParagraphs(text)) {
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
        offset: start,
      });
    }
    lastSaid = said;
  }
  const last = turns[turns.length - 1];
  if (last) last.text = parts.join('');
  return turns;
}
