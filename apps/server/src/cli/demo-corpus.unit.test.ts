/**
 * Reading the demo's corpus: QMSum folders into Summy's transcript format, the duration from the
 * timing files or the word count, the clear error when the transcripts are absent, and the demo's
 * dates and arguments. Synthetic folders in a temporary directory, and the repository's own
 * transcripts for the default folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTranscript } from '../providers/llm/transcript.ts';
import {
  DEFAULT_DEMO_DIR,
  DemoDataMissingError,
  loadDemoSources,
  resolveDemoDir,
  WORDS_PER_MINUTE,
} from './demo-corpus.ts';
import { demoMeetingDate, parseDemoArgs } from './demo.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'summy-demo-corpus-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes a meeting folder: a QMSum file plus any extra files. */
function meetingFolder(
  dir: string,
  name: string,
  turns: { speaker: string; content: string }[],
  extra: Record<string, string> = {},
): void {
  const folder = path.join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, `${name}.qmsum.json`),
    JSON.stringify({
      topic_list: [],
      general_query_list: [],
      specific_query_list: [{ query: ' What was decided about the budget? ' }, { query: '' }],
      meeting_transcripts: turns,
    }),
  );
  for (const [file, text] of Object.entries(extra)) writeFileSync(path.join(folder, file), text);
}

describe('demo corpus', () => {
  it('turns QMSum turns into labelled paragraphs without the corpus markup', () => {
    const dir = path.join(root, 'markup');
    meetingFolder(
      dir,
      'm1',
      [
        { speaker: 'Project Manager', content: 'Um , welcome {vocalsound} everybody .' },
        { speaker: 'Marketing', content: '{vocalsound}' },
        { speaker: 'grad a', content: 'I will {disfmarker} send the  budget ?' },
        { speaker: 'Marketing', content: 'Okay .' },
        { speaker: 'grad a', content: 'Fine .' },
      ],
      { 'm1.uem': 'm1 1 0.000 600.5\n' },
    );
    writeFileSync(path.join(dir, 'notes.txt'), 'not a meeting');
    mkdirSync(path.join(dir, 'empty'));
    const [source, ...rest] = loadDemoSources(dir);
    expect(rest).toEqual([]);
    expect(source).toMatchObject({
      name: 'm1',
      // A label the transcript parser would not read as one becomes 'Speaker N'.
      participants: ['Project Manager', 'Speaker 1', 'Marketing'],
      questions: ['What was decided about the budget?'],
      durationMinutes: 600.5 / 60,
    });
    expect(source!.transcript).toBe(
      [
        'Project Manager: Um, welcome everybody.',
        'Speaker 1: I will send the budget?',
        'Marketing: Okay.',
        'Speaker 1: Fine.',
      ].join('\n\n'),
    );
    expect(parseTranscript(source!.transcript).map((p) => p.speaker)).toEqual([
      'Project Manager',
      'Speaker 1',
      'Marketing',
      'Speaker 1',
    ]);
  });

  it('takes the duration from the RTTM turns, else from the words at 150 a minute', () => {
    const dir = path.join(root, 'timing');
    const turns = [{ speaker: 'Alice', content: 'one two three four five six' }];
    meetingFolder(dir, 'a', turns, {
      'a.rttm': [
        'SPEAKER a 1 3.5 10.0 <NA> <NA> A <NA> <NA>',
        'SPEAKER a 1 100.25 20.5 <NA> <NA> B <NA> <NA>',
        'SPEAKER a 1 50 1 <NA> <NA> A <NA> <NA>',
      ].join('\n'),
    });
    meetingFolder(dir, 'b', turns);
    const [a, b] = loadDemoSources(dir);
    expect(a!.durationMinutes).toBeCloseTo(120.75 / 60, 9);
    expect(b!.durationMinutes).toBeCloseTo(6 / WORDS_PER_MINUTE, 9);
  });

  it('says where it looked and how to point elsewhere when the transcripts are absent', () => {
    const missing = path.join(root, 'nowhere');
    expect(() => resolveDemoDir(missing)).toThrow(DemoDataMissingError);
    expect(() => resolveDemoDir(missing)).toThrow(/No demo transcripts at .*nowhere.*--from DIR/);
    expect(() => resolveDemoDir(undefined, path.join(root, 'no', 'repo'))).toThrow(
      new RegExp(`${path.resolve(root, 'no', 'repo', DEFAULT_DEMO_DIR)}`),
    );
    const empty = path.join(root, 'empty-corpus');
    mkdirSync(path.join(empty, 'folder'), { recursive: true });
    expect(() => loadDemoSources(empty)).toThrow(/No meeting transcripts in .*empty-corpus/);
  });

  it('accepts the test data folder itself or its meetings folder', () => {
    const testdata = path.join(root, 'testdata');
    mkdirSync(path.join(testdata, 'meetings'), { recursive: true });
    expect(resolveDemoDir(testdata)).toBe(path.join(testdata, 'meetings'));
    expect(resolveDemoDir(path.join(testdata, 'meetings'))).toBe(path.join(testdata, 'meetings'));
    expect(resolveDemoDir('testdata', root)).toBe(path.join(testdata, 'meetings'));
  });

  it("defaults to the repository's own transcripts, so a fresh clone needs no --from", () => {
    const repo = path.resolve(import.meta.dirname, '../../../..');
    const dir = resolveDemoDir(undefined, repo);
    expect(dir).toBe(path.join(repo, 'testdata', 'meetings'));
    expect(loadDemoSources(dir).map((s) => s.name)).toEqual([
      'ami_ES2004a',
      'ami_ES2011a',
      'icsi_Bed016',
    ]);
  });
});

describe('demo dates and arguments', () => {
  it('spreads the meetings back over the weeks, on working days, in the past', () => {
    const wednesday = new Date(2026, 10, 25, 12, 0);
    const dates = [0, 1, 2, 3].map((i) => demoMeetingDate(wednesday, i));
    expect(dates.map((d) => [d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()])).toEqual([
      [10, 23, 10, 0],
      [10, 17, 14, 30],
      [10, 11, 11, 0],
      [10, 5, 15, 30],
    ]);
    // Two days before a Monday is a Saturday: the meeting moves back to Friday.
    const monday = new Date(2026, 10, 30, 8, 0);
    const first = demoMeetingDate(monday, 0);
    expect([first.getDay(), first.getDate()]).toEqual([5, 27]);
    for (const d of dates) expect(d.getTime()).toBeLessThan(wednesday.getTime());
    expect(first.getTime()).toBeLessThan(monday.getTime());
  });

  it('reads --user, --from and --reset, and refuses anything else', () => {
    expect(parseDemoArgs(['--user', 'a@example.com'])).toEqual({
      email: 'a@example.com',
      from: undefined,
      reset: false,
    });
    expect(parseDemoArgs(['--user', 'a@example.com', '--from', '/x', '--reset'])).toEqual({
      email: 'a@example.com',
      from: '/x',
      reset: true,
    });
    expect(parseDemoArgs(['--help'])).toBe('help');
    expect(parseDemoArgs([])).toBeUndefined();
    expect(parseDemoArgs(['--user', ' '])).toBeUndefined();
    expect(parseDemoArgs(['--user', 'a@example.com', 'extra'])).toBeUndefined();
    expect(parseDemoArgs(['--user', 'a@example.com', '--force'])).toBeUndefined();
  });
});
