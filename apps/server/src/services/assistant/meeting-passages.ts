/**
 * A meeting cut into the passages the meeting assistant searches and cites: one per transcript turn
 * as the meeting view shows them (`parseTranscript`), and one per summary paragraph or bullet, its
 * heading kept in front so a bullet reads in context. A turn or paragraph longer than {@link
 * MAX_PASSAGE_CHARS} (a transcript without speaker labels is one turn) becomes several passages
 * with the same position.
 */
import { applySpeakerNames, parseTranscript, speakerName } from '@summy/core';
import { readSpeakerNames, readTurnTimes } from '../meetings/to-meeting.ts';

/** A passage before it is stored (schema/search.ts). */
export interface MeetingPassage {
  section: 'summary' | 'transcript';
  /** Turn index (as the meeting view numbers its cards) or summary block index. */
  position: number;
  speaker: string | null;
  /** Turn start in seconds, when the pipeline recorded one time per turn. */
  startSeconds: number | null;
  content: string;
}

/**
 * Longest passage, in characters (UTF-16 code units). One `tsvector` may hold at most 1 MB of
 * lexemes and positions (PostgreSQL 'Limitations' of text search): a 23 MB turn failed with
 * 'string is too long for tsvector'. 4,000 characters (about 700 words, 4 to 5 minutes of
 * speech) keep each value a few kB and a cited passage readable.
 */
export const MAX_PASSAGE_CHARS = 4000;

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 0xa0;
const SENTENCE_END = new Set(['.', '!', '?', '…']);
const CLOSERS = new Set(['"', "'", ')', ']', '”', '’']);

/**
 * Cuts `text` into pieces of at most `max` characters, at the last sentence end of the second
 * half of each window, else at its last space, else (a single word as long as the window) at
 * `max` characters without splitting a surrogate pair. Pieces are trimmed; none is empty.
 * Linear in the text's length.
 * @param max characters per piece, at least 2
 */
export function splitPassageText(text: string, max: number = MAX_PASSAGE_CHARS): string[] {
  const pieces: string[] = [];
  let start = 0;
  const push = (from: number, to: number) => {
    const piece = text.slice(from, to).trim();
    if (piece) pieces.push(piece);
  };
  while (text.length - start > max) {
    const limit = start + max;
    const floor = start + Math.floor(max / 2);
    let cut = -1;
    let space = -1;
    // Scan back from the window's end for a space; the first one after a sentence end wins.
    for (let i = limit; i > floor; i--) {
      if (!isSpace(text.charCodeAt(i))) continue;
      if (space < 0) space = i;
      let j = i - 1;
      while (j > start && CLOSERS.has(text[j]!)) j--;
      if (SENTENCE_END.has(text[j]!)) {
        cut = i;
        break;
      }
    }
    if (cut < 0) cut = space;
    if (cut < 0) {
      cut = limit;
      const c = text.charCodeAt(cut - 1);
      if (c >= 0xd800 && c <= 0xdbff) cut--;
    }
    push(start, cut);
    start = cut;
  }
  push(start, text.length);
  return pieces;
}

// One block per paragraph or list item; headings are carried into what follows them.
function summaryBlocks(summary: string): string[] {
  const blocks: string[] = [];
  let heading = '';
  for (const raw of summary.split(/\n\s*\n/)) {
    const lines = raw
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push(heading + paragraph.join(' '));
      paragraph = [];
    };
    for (const line of lines) {
      const h = /^#{1,6}\s+(.*)$/.exec(line);
      if (h) {
        flush();
        heading = `${h[1]!.replace(/[*_`]/g, '').trim()}: `;
      } else if (/^(?:[-*+]|\d+\.)\s+/.test(line)) {
        flush();
        paragraph.push(line.replace(/^(?:[-*+]|\d+\.)\s+(?:\[[ xX]\]\s+)?/, ''));
        flush();
      } else {
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks.filter((b) => b.replace(/^[^:]*:\s*/, '').trim().length > 0);
}

/**
 * The passages of a meeting, in order: transcript turns, then summary blocks, each cut to at most
 * {@link MAX_PASSAGE_CHARS} characters (the pieces of one turn share its `position`, speaker and
 * start, so a citation still names the turn).
 * @param meeting its stored transcript ('Speaker N: text' paragraphs), summary (markdown),
 *   summary_data (for `turnTimes`, seconds) and speaker map: passages carry the names the user
 *   gave, so the assistant answers and searches with them
 */
export function meetingPassages(meeting: {
  transcript: string | null;
  summary: string | null;
  summaryData: unknown;
  speakerNames?: unknown;
}): MeetingPassage[] {
  const out: MeetingPassage[] = [];
  const names = readSpeakerNames(meeting.speakerNames);
  const turns = parseTranscript(meeting.transcript);
  const times = readTurnTimes(meeting.summaryData);
  // Same rule as the meeting view: stored times count only when there is one per shown turn.
  const exact = times.length === turns.length;
  for (const turn of turns) {
    for (const content of splitPassageText(turn.text)) {
      out.push({
        section: 'transcript',
        position: turn.index,
        speaker: speakerName(turn.speaker, names),
        startSeconds: exact ? times[turn.index]!.start : null,
        content,
      });
    }
  }
  summaryBlocks(applySpeakerNames(meeting.summary ?? '', names)).forEach((block, position) => {
    for (const content of splitPassageText(block)) {
      out.push({ section: 'summary', position, speaker: null, startSeconds: null, content });
    }
  });
  return out;
}
