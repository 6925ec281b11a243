/**
 * A meeting cut into the passages the meeting assistant searches and cites: one per transcript
 * turn as the meeting view shows them (`parseTranscript`, spec 000 section 5), and one per summary
 * paragraph or bullet, its heading kept in front so a bullet reads in context.
 */
import { parseTranscript } from '@summy/core';
import { readTurnTimes } from '../meetings/to-meeting.ts';

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
 * The passages of a meeting.
 * @param meeting its stored transcript ('Speaker N: text' paragraphs), summary (markdown) and
 *   summary_data (for `turnTimes`, seconds)
 */
export function meetingPassages(meeting: {
  transcript: string | null;
  summary: string | null;
  summaryData: unknown;
}): MeetingPassage[] {
  const out: MeetingPassage[] = [];
  const turns = parseTranscript(meeting.transcript);
  const times = readTurnTimes(meeting.summaryData);
  // Same rule as the meeting view: stored times count only when there is one per shown turn.
  const exact = times.length === turns.length;
  for (const turn of turns) {
    out.push({
      section: 'transcript',
      position: turn.index,
      speaker: turn.speaker,
      startSeconds: exact ? times[turn.index]!.start : null,
      content: turn.text,
    });
  }
  summaryBlocks(meeting.summary ?? '').forEach((content, position) =>
    out.push({ section: 'summary', position, speaker: null, startSeconds: null, content }),
  );
  return out;
}
