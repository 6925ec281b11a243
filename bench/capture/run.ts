/**
 * Call-capture benchmark: `npx tsx bench/capture/run.ts` from the repository root (a few
 * minutes on 2 cores). Options: `--seed 1` (the calls' draws), `--json file` (every figure).
 *
 * Builds three calls with ffmpeg from the repository's real recordings (the LibriVox reader,
 * JFK, AMI's FEE041): one speaker on the left channel (the microphone), another on the right
 * (the call), the right also leaked into the left at -12 dB with a 30-80 ms delay (drawn per
 * call), and every second change of speaker double talk (bench/capture/score.ts). Then, per
 * provider of bench/stt (PocketSphinx offline; the local engine with whatever models are
 * installed), it transcribes each channel, merges them with `mergeChannelTranscripts`, once with
 * the provider's turns and once with the turns cut at pauses as the pipeline cuts them
 * (`turnsAtPauses`), and prints for each:
 * - words of channel-0 turns that belong to the right speaker, before and after the echo rule;
 * - real double-talk lines of channel 0 hidden as echo;
 * - WER per channel (channel 0 before and after the rule, channel 1);
 * beside the reference measured in the same run: the left speaker's own track alone (mono, no
 * leak) through the same provider, its WER and its wrong-side words (the recognizer's own noise).
 * Test models (ids `tiny-…`, random weights) are run for the mechanics only: their words, and so
 * every figure of theirs, mean nothing, and the report says so.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  doubleTalkShare,
  mergeChannelTranscripts,
  type SpeakerTurn,
  type TranscriptionResult,
} from '@summy/core';
import { probeAudio } from '../../apps/server/src/audio/ffmpeg.ts';
import { runProcess } from '../../apps/server/src/audio/process.ts';
import {
  CALL_TURN_PAUSE_S,
  turnsAtPauses,
} from '../../apps/server/src/pipeline/call-transcript.ts';
import { AUDIO_DIR } from '../../testdata/index.ts';
import { benchProviders, localBench, type BenchProvider } from '../stt/providers.ts';
import { addWer, emptyWer, f2, machine, pct, table } from '../stt/report.ts';
import { wordErrorRate, type WerResult } from '../stt/wer.ts';
import {
  lostDoubleTalkLines,
  planCall,
  sideReference,
  wrongSideWords,
  type CallPlan,
  type ClipRef,
} from './score.ts';

const LIBRIVOX = `${AUDIO_DIR}/librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0`;
const AMI = `${AUDIO_DIR}/ami_es2011a_clip/ES2011a.Headset-0-40s-46s`;

/** The recordings with reference words: `name -> clip`. */
async function loadClips(): Promise<Record<string, ClipRef>> {
  const refs: [string, string, string][] = [
    ['jfk', `${AUDIO_DIR}/jfk/jfk.wav`, readFileSync(`${AUDIO_DIR}/jfk/jfk.txt`, 'utf8')],
    // The AMI clip's `.txt`: `start<TAB>end<TAB>speaker<TAB>WORDS` per line.
    [
      'ami',
      `${AMI}.wav`,
      readFileSync(`${AMI}.txt`, 'utf8')
        .split('\n')
        .map((line) => line.split('\t')[3] ?? '')
        .join(' '),
    ],
    ...[870, 880, 890, 920, 930].map((n): [string, string, string] => [
      `reader-0${n}`,
      `${LIBRIVOX}${n}.wav`,
      readFileSync(`${LIBRIVOX}${n}.txt`, 'utf8'),
    ]),
  ];
  const clips: Record<string, ClipRef> = {};
  for (const [name, file, text] of refs)
    clips[name] = { name, path: file, text, durationS: (await probeAudio(file)).durationS };
  return clips;
}

/** The three calls: who is on the left (me) and who on the right (the call). */
function plans(clips: Record<string, ClipRef>, seed: number): CallPlan[] {
  const pick = (...names: string[]) => names.map((n) => clips[n]!);
  return [
    planCall(
      'reader / JFK, AMI',
      pick('reader-0870', 'reader-0890', 'reader-0920'),
      pick('jfk', 'ami'),
      seed,
    ),
    planCall(
      'JFK, AMI / reader',
      pick('jfk', 'ami'),
      pick('reader-0880', 'reader-0930', 'reader-0870'),
      seed + 1,
    ),
    planCall(
      'reader / AMI, JFK',
      pick('reader-0880', 'reader-0930', 'reader-0890'),
      pick('ami', 'jfk'),
      seed + 2,
    ),
  ];
}

/** A call's three 16 kHz mono WAV files. */
interface CallFiles {
  /** Left channel: the left speaker plus the right's leak. */
  ch0: string;
  /** Right channel: the right speaker. */
  ch1: string;
  /** The left speaker alone (the mono reference). */
  alone: string;
}

/**
 * Mixes a call with one ffmpeg filter graph: each clip delayed to its start, each side summed
 * (no normalisation, so levels stay the recordings'), the right side delayed by the plan's delay
 * and lowered 12 dB into the left.
 */
async function buildCall(plan: CallPlan, dir: string): Promise<CallFiles> {
  const args = ['-nostdin', '-v', 'error', '-y'];
  for (const p of plan.placed) args.push('-i', p.clip.path);
  const chains = plan.placed.map(
    (p, i) =>
      `[${i}:a:0]aresample=16000,aformat=channel_layouts=mono,adelay=${Math.round(p.start * 1000)}:all=1,apad=whole_dur=${plan.durationS.toFixed(3)}[p${i}]`,
  );
  const side = (s: 0 | 1) => {
    const labels = plan.placed.flatMap((p, i) => (p.side === s ? [`[p${i}]`] : []));
    return `${labels.join('')}amix=inputs=${labels.length}:duration=longest:normalize=0,asplit=2[s${s}a][s${s}b]`;
  };
  const graph = [
    ...chains,
    side(0),
    side(1),
    `[s1b]adelay=${plan.delayMs}:all=1,volume=-12dB[leak]`,
    `[s0a][leak]amix=inputs=2:duration=first:normalize=0[ch0]`,
  ].join(';');
  const slug = plan.name.replace(/[^a-z0-9]+/gi, '-');
  const files: CallFiles = {
    ch0: path.join(dir, `${slug}-ch0.wav`),
    ch1: path.join(dir, `${slug}-ch1.wav`),
    alone: path.join(dir, `${slug}-alone.wav`),
  };
  args.push('-filter_complex', graph);
  for (const [label, file] of [
    ['[ch0]', files.ch0],
    ['[s1a]', files.ch1],
    ['[s0b]', files.alone],
  ] as const)
    args.push('-map', label, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', file);
  await runProcess('ffmpeg', args);
  return files;
}

/** One call's figures for one provider. */
interface CallScore {
  wrongBefore: { words: number; wrong: number };
  wrongAfter: { words: number; wrong: number };
  wrongMono: { words: number; wrong: number };
  doubleTalk: { lines: number; lost: number };
  echoed: number;
  doubleTalkShare: number;
  wer: { ch0Before: WerResult; ch0After: WerResult; ch1: WerResult; mono: WerResult };
}

const turnsText = (turns: { text: string }[]) => turns.map((t) => t.text).join(' ');

/** A call's three transcriptions by one provider. */
interface CallTranscriptions {
  ch0: TranscriptionResult;
  ch1: TranscriptionResult;
  mono: TranscriptionResult;
}

/** Transcribes a call's channels and its mono reference. */
async function transcribeCall(bench: BenchProvider, files: CallFiles): Promise<CallTranscriptions> {
  const transcribe = (file: string): Promise<TranscriptionResult> =>
    bench.provider.transcribe({ path: file, mimeType: 'audio/wav', language: 'en' });
  return {
    ch0: await transcribe(files.ch0),
    ch1: await transcribe(files.ch1),
    mono: await transcribe(files.alone),
  };
}

/** How a channel's transcription becomes the turns the echo rule judges. */
type TurnsOf = (result: TranscriptionResult) => SpeakerTurn[];

/** The ways of making turns the bench compares. */
const TURNINGS: { label: string; turnsOf: TurnsOf }[] = [
  { label: "the provider's turns", turnsOf: (r) => r.speakers },
  {
    label: `turns cut at pauses of ${CALL_TURN_PAUSE_S} s, as the pipeline cuts them`,
    turnsOf: turnsAtPauses,
  },
];

/** Merges a call's channels (their turns made by `turnsOf`) and scores the result. */
function scoreCall(plan: CallPlan, t: CallTranscriptions, turnsOf: TurnsOf): CallScore {
  const [ch0, ch1, mono] = [turnsOf(t.ch0), turnsOf(t.ch1), turnsOf(t.mono)];
  const merged = mergeChannelTranscripts(
    { turns: ch0, words: t.ch0.words },
    { turns: ch1, words: t.ch1.words },
  );
  const kept0 = merged.turns.filter((turn) => turn.channel === 0);
  const left = sideReference(plan, 0);
  const right = sideReference(plan, 1);
  return {
    wrongBefore: wrongSideWords(ch0, left, right),
    wrongAfter: wrongSideWords(kept0, left, right),
    wrongMono: wrongSideWords(mono, left, right),
    doubleTalk: lostDoubleTalkLines(ch0, merged.echoed, plan.doubleTalk, left, right),
    echoed: merged.echoed.length,
    doubleTalkShare: doubleTalkShare(ch0, ch1),
    wer: {
      ch0Before: wordErrorRate(left, turnsText(ch0)),
      ch0After: wordErrorRate(left, turnsText(kept0)),
      ch1: wordErrorRate(right, turnsText(ch1)),
      mono: wordErrorRate(left, turnsText(mono)),
    },
  };
}

const share = (c: { words: number; wrong: number }) =>
  `${c.wrong}/${c.words} (${pct(c.words ? c.wrong / c.words : 0)})`;

/** Prints one provider's table, a row per call and the totals. */
function report(label: string, testModels: boolean, plansAndScores: [CallPlan, CallScore][]): void {
  console.log(`\n## ${label}\n`);
  if (testModels)
    console.log(
      'TEST MODELS (random weights): their words are meaningless, so every figure below (wrong-side words, lost lines, WER) means nothing; they show the path runs.\n',
    );
  const sum = { before: [0, 0], after: [0, 0], mono: [0, 0], lines: 0, lost: 0, echoed: 0 };
  const wer = { ch0Before: emptyWer(), ch0After: emptyWer(), ch1: emptyWer(), mono: emptyWer() };
  const rows = plansAndScores.map(([plan, s]) => {
    for (const [key, c] of [
      ['before', s.wrongBefore],
      ['after', s.wrongAfter],
      ['mono', s.wrongMono],
    ] as const) {
      sum[key][0]! += c.wrong;
      sum[key][1]! += c.words;
    }
    sum.lines += s.doubleTalk.lines;
    sum.lost += s.doubleTalk.lost;
    sum.echoed += s.echoed;
    for (const key of Object.keys(wer) as (keyof typeof wer)[]) addWer(wer[key], s.wer[key]);
    return [
      `${plan.name} (${plan.delayMs} ms, ${f2(plan.durationS)} s)`,
      share(s.wrongBefore),
      share(s.wrongAfter),
      share(s.wrongMono),
      `${s.doubleTalk.lost}/${s.doubleTalk.lines}`,
      String(s.echoed),
      pct(s.doubleTalkShare),
      pct(s.wer.ch0Before.wer),
      pct(s.wer.ch0After.wer),
      pct(s.wer.ch1.wer),
      pct(s.wer.mono.wer),
    ];
  });
  const total = (pair: number[]) => share({ wrong: pair[0]!, words: pair[1]! });
  rows.push([
    '**all**',
    total(sum.before),
    total(sum.after),
    total(sum.mono),
    `${sum.lost}/${sum.lines}`,
    String(sum.echoed),
    '',
    pct(wer.ch0Before.wer),
    pct(wer.ch0After.wer),
    pct(wer.ch1.wer),
    pct(wer.mono.wer),
  ]);
  table(
    [
      'call (left / right, leak delay, length)',
      'ch0 wrong-side, before',
      'after echo rule',
      'mono left alone',
      'real double-talk lines lost',
      'lines hidden',
      'double-talk share',
      'WER ch0 before',
      'WER ch0 after',
      'WER ch1',
      'WER mono left alone',
    ],
    rows,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { seed: { type: 'string', default: '1' }, json: { type: 'string' } },
  });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'summy-bench-capture-'));
  const json: Record<string, unknown> = { date: new Date().toISOString() };
  try {
    console.log('Machine:');
    for (const line of machine()) console.log(`  ${line}`);
    const calls = plans(await loadClips(), Number(values.seed));
    const files: CallFiles[] = [];
    for (const plan of calls) {
      files.push(await buildCall(plan, tmp));
      const spans = plan.doubleTalk.map((s) => `${f2(s.start)}-${f2(s.end)} s`).join(', ');
      console.log(
        `  call "${plan.name}": ${f2(plan.durationS)} s, leak -12 dB after ${plan.delayMs} ms, double talk ${spans || 'none'}`,
      );
    }
    const local = localBench(tmp);
    for (const note of local.notes) console.log(note);
    for (const bench of [...benchProviders(), ...local.providers]) {
      const transcriptions: CallTranscriptions[] = [];
      for (const file of files) transcriptions.push(await transcribeCall(bench, file));
      const results: Record<string, [CallPlan, CallScore][]> = {};
      for (const { label, turnsOf } of TURNINGS) {
        results[label] = calls.map((plan, i) => [
          plan,
          scoreCall(plan, transcriptions[i]!, turnsOf),
        ]);
        report(`${bench.label}, ${label}`, !!bench.testModels, results[label]);
      }
      json[bench.label] = { testModels: !!bench.testModels, ...results };
    }
    console.log(
      '\nWrong-side: words of channel-0 turns found only in the right speaker’s reference. Real double-talk lines: channel-0 turns overlapping double talk that hold a word only the left speaker’s reference has; lost = hidden as echo.',
    );
    if (values.json) writeFileSync(values.json, JSON.stringify(json, null, 2));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
