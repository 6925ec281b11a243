/**
 * The QMSum meetings of ../shared/testdata/meetings (real AMI and ICSI meeting transcripts with
 * queries and their reference turn spans), as Summy stores transcripts: one 'Speaker: text'
 * paragraph per turn, blank-line separated. Used by the chat tests and bench/chat.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The test data folder of the meetings. */
export const QMSUM_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/testdata/meetings',
);

/** A QMSum specific query: its question and the turn ranges (inclusive) that answer it. */
export interface QmsumQuery {
  query: string;
  answer: string;
  spans: [number, number][];
}

/** One QMSum meeting. */
export interface QmsumMeeting {
  /** Folder name, e.g. 'ami_ES2011a'. */
  name: string;
  /** 'Speaker: text' paragraphs; paragraph i is QMSum turn i. */
  transcript: string;
  turns: { speaker: string; text: string }[];
  queries: QmsumQuery[];
}

// QMSum's markup ({vocalsound}, {disfmarker}) is noise, not speech.
function clean(text: string): string {
  return text
    .replace(/\{[a-z_]+\}/gi, ' ')
    .replace(/\s+([,.?!])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Loads one meeting by folder name. */
export function loadQmsumMeeting(name: string): QmsumMeeting {
  const dir = path.join(QMSUM_DIR, name);
  const file = readdirSync(dir).find((f) => f.endsWith('.qmsum.json'))!;
  const json = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
    meeting_transcripts: { speaker: string; content: string }[];
    specific_query_list: { query: string; answer: string; relevant_text_span: string[][] }[];
  };
  // An empty turn would vanish from the parsed transcript and shift every later index.
  const turns = json.meeting_transcripts.map((t) => ({
    speaker: t.speaker.replace(/:/g, '').trim() || 'Unknown',
    text: clean(t.content) || '…',
  }));
  return {
    name,
    turns,
    transcript: turns.map((t) => `${t.speaker}: ${t.text}`).join('\n\n'),
    queries: json.specific_query_list.map((q) => ({
      query: q.query,
      answer: q.answer,
      spans: q.relevant_text_span.map(([a, b]) => [Number(a), Number(b)] as [number, number]),
    })),
  };
}

/** Every QMSum meeting of the test data. */
export function loadQmsumMeetings(): QmsumMeeting[] {
  return readdirSync(QMSUM_DIR)
    .filter((d) => !d.startsWith('.'))
    .sort()
    .map(loadQmsumMeeting);
}
