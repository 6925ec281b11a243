/**
 * The QMSum meetings of testdata/meetings (real AMI and ICSI meeting transcripts with queries
 * and their reference turn spans), as Summy stores transcripts: one 'Speaker: text'
 * paragraph per turn, blank-line separated. Used by the chat tests and bench/chat.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanCorpusText } from '../src/cli/demo-corpus.ts';
import { MEETINGS_DIR } from '../../../testdata/index.ts';

/** The test data folder of the meetings. */
export const QMSUM_DIR = MEETINGS_DIR;

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

/** Loads one meeting by folder name. */
export function loadQmsumMeeting(name: string, root: string = QMSUM_DIR): QmsumMeeting {
  const dir = path.join(root, name);
  const file = readdirSync(dir).find((f) => f.endsWith('.qmsum.json'))!;
  const json = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
    meeting_transcripts: { speaker: string; content: string }[];
    specific_query_list: { query: string; answer: string; relevant_text_span: string[][] }[];
  };
  // An empty turn would vanish from the parsed transcript and shift every later index.
  const turns = json.meeting_transcripts.map((t) => ({
    speaker: t.speaker.replace(/:/g, '').trim() || 'Unknown',
    text: cleanCorpusText(t.content) || '…',
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

/** Every QMSum meeting of the test data, by folder name. */
export function loadQmsumMeetings(root: string = QMSUM_DIR): QmsumMeeting[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort()
    .map((name) => loadQmsumMeeting(name, root));
}

/**
 * The turns of every meeting that carry speech, speakers renamed `Speaker N` in order of first
 * appearance within each meeting, as Summy's own transcripts name them (the benchmarks' corpus).
 * @throws Error when the folder holds no turn
 */
export function qmsumSpeechTurns(root: string = QMSUM_DIR): { speaker: string; text: string }[] {
  const turns = loadQmsumMeetings(root).flatMap((m) => {
    const names = new Map<string, string>();
    // Turns that were only annotations ("{vocalsound}") carry no speech.
    return m.turns
      .filter((t) => /[a-z]/i.test(t.text))
      .map((t) => {
        if (!names.has(t.speaker)) names.set(t.speaker, `Speaker ${names.size + 1}`);
        return { speaker: names.get(t.speaker)!, text: t.text };
      });
  });
  if (turns.length === 0) throw new Error(`No transcript turns under ${root}`);
  return turns;
}
