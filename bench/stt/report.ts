/**
 * The speech-to-text bench's report: accuracy tables (WER, DER) per provider, the machine it ran
 * on, and the fallback diarization series.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { TranscriptionResult } from '@summy/core';
import { decodeToPcm } from '../../apps/server/src/audio/ffmpeg.ts';
import { parseRttm, scoreDiarization, type DerResult } from './der.ts';
import {
  diarizerAt,
  leaveOneOut,
  multiSpeakerRecordings,
  scoreOne,
  singleSpeakerRecordings,
  twoSpeakerConversation,
  type Diarizer,
} from './diarization-eval.ts';
import { wordErrorRate, type WerResult } from './wer.ts';

export const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : 'n/a');

export const f2 = (x: number) => x.toFixed(2);

export const speakersOf = (r: TranscriptionResult) =>
  new Set(r.words.map((w) => w.speaker ?? 0)).size;

/** Prints a markdown table with right-aligned numbers. */
export function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`,
  );
  for (const row of rows) console.log(line(row));
}

export function machine(): string[] {
  const version = (cmd: string, args: string[]) => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8' }).split('\n')[0]!.trim();
    } catch {
      return 'unknown';
    }
  };
  const cpus = os.cpus();
  return [
    `node ${process.version}, ${os.platform()} ${os.arch()}, os.cpus().length = ${cpus.length} (${cpus[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM`,
    `sherpa-onnx-node ${(createRequire(import.meta.url)('sherpa-onnx-node/package.json') as { version: string }).version}; pocketsphinx ${version('dpkg-query', ['-W', '-f', '${Version}', 'pocketsphinx'])}, model ${version('dpkg-query', ['-W', '-f', '${Version}', 'pocketsphinx-en-us'])} (en-us); ${version('ffmpeg', ['-version'])}`,
  ];
}

/**
 * Prints the WER, DER and speakers-per-file tables of one provider's runs, each beside the
 * one-process PocketSphinx reference where it has one, and answers them for the JSON.
 */
export function reportAccuracy(
  all: Clip[],
  runs: Record<string, Run>,
  reference: Record<string, { text: string }>,
): Record<string, unknown> {
  console.log(
    'Word error rate (lower case, punctuation removed; S/D/I = substitutions, deletions, insertions):\n',
  );
  const total = emptyWer();
  const totalRef = emptyWer();
  const werRows: string[][] = [];
  const werJson: Record<string, unknown> = {};
  for (const clip of all) {
    if (!clip.transcript) continue;
    const w = wordErrorRate(clip.transcript, runs[clip.name]!.result.text);
    const r = wordErrorRate(clip.transcript, reference[clip.name]!.text);
    addWer(total, w);
    addWer(totalRef, r);
    werRows.push([
      clip.name,
      String(w.referenceWords),
      pct(w.wer),
      `${w.substitutions}/${w.deletions}/${w.insertions}`,
      pct(r.wer),
    ]);
    werJson[clip.name] = {
      provider: w,
      wholeFileOneProcess: r,
      hypothesis: runs[clip.name]!.result.text,
    };
  }
  werRows.push([
    '**all**',
    String(total.referenceWords),
    `**${pct(total.wer)}**`,
    `${total.substitutions}/${total.deletions}/${total.insertions}`,
    pct(totalRef.wer),
  ]);
  table(['file', 'ref words', 'WER', 'S/D/I', 'WER, 1 process whole file'], werRows);

  console.log(
    '\nDiarization error rate (hypothesis: the utterances, one span per speaker turn; overlap scored):\n',
  );
  const derRows: string[][] = [];
  const derJson: Record<string, unknown> = {};
  for (const clip of all) {
    if (!clip.rttm) continue;
    const ref = parseRttm(readFileSync(clip.rttm, 'utf8'));
    const hyp = runs[clip.name]!.result.utterances.map((u) => ({
      start: u.start,
      end: u.end,
      speaker: `S${u.speaker}`,
    }));
    const scores: DerResult[] = [0.25, 0].map((collarS) => scoreDiarization(ref, hyp, { collarS }));
    const d = scores[0]!;
    derRows.push([
      clip.name,
      f2(d.total),
      pct(d.der),
      `${pct(d.missed / d.total)} / ${pct(d.falseAlarm / d.total)} / ${pct(d.confusion / d.total)}`,
      pct(scores[1]!.der),
      `${d.hypothesisSpeakers} / ${d.referenceSpeakers}`,
    ]);
    derJson[clip.name] = { collar025: scores[0], collar0: scores[1] };
  }
  table(
    [
      'file',
      'scored ref speech s',
      'DER (collar 0.25 s)',
      'missed / false alarm / confusion',
      'DER (no collar)',
      'speakers est. / ref.',
    ],
    derRows,
  );

  console.log('\nSpeakers found per file:\n');
  table(
    ['file', 'speakers est.', 'reference'],
    all.map((c) => [c.name, String(speakersOf(runs[c.name]!.result)), String(c.speakers)]),
  );
  return { wer: werJson, der: derJson };
}

/** The fallback diarization section (module comment), today's code beside `baseline`'s. */
export async function fallbackDiarization(
  baseline: string,
  json: Record<string, unknown>,
): Promise<void> {
  const versions: [string, Diarizer | undefined][] = [['today', undefined]];
  if (baseline) versions.push([`${baseline} (baseline)`, await diarizerAt(baseline)]);
  console.log('\n## Fallback diarization alone (no PocketSphinx)\n');
  const results: Record<string, unknown> = {};
  const rows: string[][] = [];
  for (const [label, diarizer] of versions) {
    const start = performance.now();
    const held = await leaveOneOut(multiSpeakerRecordings(), diarizer);
    const singles: Record<string, number> = {};
    for (const rec of singleSpeakerRecordings())
      singles[rec.name] = (
        await scoreOne(await decodeToPcm(rec.path), null, {}, diarizer)
      ).speakers;
    const conversation = await twoSpeakerConversation(540);
    const t0 = performance.now();
    const long = await scoreOne(conversation.pcm, conversation.reference, {}, diarizer);
    const longSeconds = (performance.now() - t0) / 1000;
    results[label] = { leaveOneOut: held, singles, long: { ...long, seconds: longSeconds } };
    for (const h of held)
      rows.push([
        label,
        h.name,
        String(h.reference),
        String(h.speakers),
        pct(h.der),
        String(h.windowS),
      ]);
    const mean = (f: (h: (typeof held)[number]) => number) =>
      held.reduce((sum, h) => sum + f(h), 0) / held.length;
    rows.push([
      label,
      '**mean**',
      '',
      `error ${f2(mean((h) => Math.abs(h.speakers - h.reference)))}`,
      `**${pct(mean((h) => h.der))}**`,
      '',
    ]);
    console.log(
      `${label}: single-speaker recordings -> ${Object.entries(singles)
        .map(([name, n]) => `${name} ${n}`)
        .join(
          ', ',
        )}; 9-minute two-person conversation -> ${long.speakers} speakers, DER ${pct(long.der)}, diarized in ${f2(longSeconds)} s; all in ${f2((performance.now() - start) / 1000)} s`,
    );
  }
  console.log('\nLeave-one-out (window chosen on the other recordings), DER collar 0.25 s:\n');
  table(['code', 'recording', 'speakers ref.', 'speakers est.', 'DER', 'window s'], rows);
  json.fallbackDiarization = results;
}

/** A recording of the test data and its references. */
export interface Clip {
  name: string;
  path: string;
  /** Reference transcript, if any. */
  transcript?: string;
  /** Reference RTTM, if any. */
  rttm?: string;
  /** Speakers according to the test data's README. */
  speakers: number;
}

export interface Run {
  result: TranscriptionResult;
  seconds: number;
  cpu: number;
}

export function addWer(total: WerResult, w: WerResult): void {
  total.referenceWords += w.referenceWords;
  total.hypothesisWords += w.hypothesisWords;
  total.substitutions += w.substitutions;
  total.deletions += w.deletions;
  total.insertions += w.insertions;
  total.wer = (total.substitutions + total.deletions + total.insertions) / total.referenceWords;
}

export const emptyWer = (): WerResult => ({
  referenceWords: 0,
  hypothesisWords: 0,
  substitutions: 0,
  deletions: 0,
  insertions: 0,
  wer: 0,
});
