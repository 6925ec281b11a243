/**
 * The real meeting transcripts `summy demo` builds its meetings from: the QMSum releases of AMI
 * and ICSI meetings that the repository carries in `testdata/meetings` (origins and licences in
 * testdata/SOURCES.md), read at run time. Each folder holding a `*.qmsum.json` is one meeting.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LABEL_PATTERN } from '../providers/llm/transcript.ts';

/**
 * Where the demo looks when `--from` is not given, relative to the working directory: the
 * repository's own transcripts, so `npm run summy -- demo` (run at the repository root) works in a
 * fresh clone.
 */
export const DEFAULT_DEMO_DIR = 'testdata/meetings';

/**
 * Speaking rate used for a meeting whose folder gives no timing (no `.uem`, no `.rttm`): about
 * 150 words a minute, the usual figure for conversational English. Only the ICSI meeting needs it.
 */
export const WORDS_PER_MINUTE = 150;

/** One speaker turn of a corpus meeting: the label as the transcript shows it, and the words. */
export interface DemoTurn {
  speaker: string;
  text: string;
}

/** One meeting of the corpus, ready to be stored as Summy stores a transcribed meeting. */
export interface DemoSource {
  /** Folder name, e.g. 'ami_ES2011a'; sorts the meetings. */
  name: string;
  /** The turns that carry speech, in order. */
  turns: DemoTurn[];
  /** Summy's stored transcript format: 'Label: text' paragraphs separated by blank lines. */
  transcript: string;
  /** Speaker labels in order of first appearance ('Project Manager', 'Marketing', …). */
  participants: string[];
  /** Minutes: from the `.uem` scored region, else the `.rttm` turns, else the word count. */
  durationMinutes: number;
  /** The corpus's specific questions about the meeting (QMSum `specific_query_list`). */
  questions: string[];
}

/** The demo's transcripts are not where they were looked for; the message says what to do. */
export class DemoDataMissingError extends Error {}

/**
 * The folder of meeting folders: `from` (either that folder or one holding a `meetings` folder,
 * such as `testdata`), else {@link DEFAULT_DEMO_DIR}, resolved against `cwd`.
 * @throws DemoDataMissingError when the folder does not exist
 */
export function resolveDemoDir(from: string | undefined, cwd: string = process.cwd()): string {
  const dir = path.resolve(cwd, from ?? DEFAULT_DEMO_DIR);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new DemoDataMissingError(
      `No demo transcripts at ${dir}. The demo reads the real meeting transcripts in the ` +
        `repository's ${DEFAULT_DEMO_DIR} (run it from the repository root); pass --from DIR ` +
        `for a folder of meeting folders holding QMSum *.qmsum.json files.`,
    );
  }
  const nested = path.join(dir, 'meetings');
  return existsSync(nested) && statSync(nested).isDirectory() ? nested : dir;
}

/**
 * A QMSum turn's words as spoken: the corpus markup ({vocalsound}, {disfmarker}) is noise, not
 * speech, and the spaces QMSum keeps before punctuation go. Also used by the tests' QMSum loader.
 */
export function cleanCorpusText(text: string): string {
  return text
    .replace(/\{[a-z_]+\}/gi, ' ')
    .replace(/\s+([,.?!])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The turns a label Summy's transcript parser reads; other labels become 'Speaker N'. */
function readableLabels(turns: DemoTurn[]): DemoTurn[] {
  const renamed = new Map<string, string>();
  return turns.map((t) => {
    if (LABEL_PATTERN.exec(`${t.speaker}: x`)?.[1] === t.speaker) return t;
    if (!renamed.has(t.speaker)) renamed.set(t.speaker, `Speaker ${renamed.size + 1}`);
    return { ...t, speaker: renamed.get(t.speaker)! };
  });
}

/** Seconds of the meeting from its `.uem` (scored regions) or `.rttm` (speaker turns). */
function timedSeconds(dir: string, files: string[]): number | undefined {
  const uem = files.find((f) => f.endsWith('.uem'));
  if (uem) {
    const seconds = readFileSync(path.join(dir, uem), 'utf8')
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f.length >= 4)
      .reduce((sum, f) => sum + (Number(f[3]) - Number(f[2])), 0);
    if (seconds > 0) return seconds;
  }
  const rttm = files.find((f) => f.endsWith('.rttm'));
  if (rttm) {
    const ends = readFileSync(path.join(dir, rttm), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('SPEAKER '))
      .map((l) => {
        const f = l.trim().split(/\s+/);
        return Number(f[3]) + Number(f[4]);
      })
      .filter(Number.isFinite);
    if (ends.length) return Math.max(...ends);
  }
  return undefined;
}

/** Reads one meeting folder; undefined when it holds no QMSum file or no speech. */
function loadSource(root: string, name: string): DemoSource | undefined {
  const dir = path.join(root, name);
  const files = readdirSync(dir).sort();
  const file = files.find((f) => f.endsWith('.qmsum.json'));
  if (!file) return undefined;
  const json = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
    meeting_transcripts?: { speaker?: string; content?: string }[];
    specific_query_list?: { query?: string }[];
  };
  const turns = readableLabels(
    (json.meeting_transcripts ?? [])
      .map((t) => ({
        speaker: (t.speaker ?? '').replace(/:/g, '').replace(/\s+/g, ' ').trim() || 'Unknown',
        text: cleanCorpusText(t.content ?? ''),
      }))
      // Turns that were only annotations ("{vocalsound}") carry no speech.
      .filter((t) => /\p{L}/u.test(t.text)),
  );
  if (turns.length === 0) return undefined;
  const words = turns.reduce((n, t) => n + t.text.split(' ').length, 0);
  const seconds = timedSeconds(dir, files) ?? (words / WORDS_PER_MINUTE) * 60;
  return {
    name,
    turns,
    transcript: turns.map((t) => `${t.speaker}: ${t.text}`).join('\n\n'),
    participants: [...new Set(turns.map((t) => t.speaker))],
    durationMinutes: seconds / 60,
    questions: (json.specific_query_list ?? [])
      .map((q) => q.query?.trim() ?? '')
      .filter((q) => q.length > 0),
  };
}

/**
 * Every meeting of the demo folder, by folder name.
 * @throws DemoDataMissingError when no folder holds a QMSum file with speech
 */
export function loadDemoSources(dir: string): DemoSource[] {
  const sources = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort()
    .flatMap((name) => loadSource(dir, name) ?? []);
  if (sources.length === 0) {
    throw new DemoDataMissingError(
      `No meeting transcripts in ${dir}: expected folders holding QMSum *.qmsum.json files, ` +
        `as in the repository's ${DEFAULT_DEMO_DIR} (described by testdata/SOURCES.md).`,
    );
  }
  return sources;
}
