/**
 * One phase of the live bench: three users record their meetings at once, at real time, while a
 * fourth reads their meeting list; then Stop and the final pass. Measures the server's CPU (its
 * process tree) while recording and during the final pass, the reader's latencies, each
 * utterance's delay to its live text, and the WER of the live and the final text.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { wordErrorRate, type WerResult } from '../stt/wer.ts';
import { addWer, emptyWer } from '../stt/report.ts';
import type { BenchUser } from './client.ts';
import { processTree, treeCpuSeconds } from './proc-cpu.ts';
import type { BenchRecording } from './recordings.ts';
import { spokenText, utteranceDelays } from './score.ts';
import {
  finalTranscript,
  readLoop,
  recordAtRealTime,
  seenSegments,
  stop,
  type Recorded,
} from './session.ts';

/** What one phase measured. */
export interface PhaseResult {
  name: string;
  /** Audio recorded over all meetings (s). */
  audioS: number;
  /** Server tree CPU while recording, from the first chunk to Stop (s). */
  recordingCpuS: number;
  /** Server tree CPU from Stop until every meeting's final transcript (s). */
  finalCpuS: number;
  /** Wall time from Stop until every final transcript (s). */
  finalWallS: number;
  /** The reader's `GET /api/meetings` latencies while recording (ms). */
  readerMs: number[];
  /** Per utterance end: delay to its live text (s), null when none came. */
  delays: (number | null)[];
  /** The same with where each utterance ends: meeting, clip, end (s from its start). */
  utterances: { meeting: string; clip: string; endS: number; delayS: number | null }[];
  liveWer: WerResult;
  finalWer: WerResult;
  /** Live segments received. */
  segments: number;
  /** Most local live recognizer worker processes seen under the server at once. */
  localWorkers: number;
  /** The first meeting's live and final text, to show what they look like. */
  sample: { live: string; final: string };
}

/** Counts the local live recognizer workers (`live-stt-worker` / `local-live-worker`) under `pid`. */
function countLocalWorkers(pid: number): number {
  return processTree(pid).filter((p) => {
    try {
      return /live-stt-worker|local-live-worker/.test(
        readFileSync(`/proc/${p.pid}/cmdline`, 'utf8'),
      );
    } catch {
      return false;
    }
  }).length;
}

/** Runs one phase: `recorders[i]` records `recordings[i]`; `reader` reads its list meanwhile. */
export async function runPhase(
  name: string,
  serverPid: number,
  recorders: BenchUser[],
  reader: BenchUser,
  recordings: BenchRecording[],
): Promise<PhaseResult> {
  const reads = readLoop(reader);
  let localWorkers = 0;
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      localWorkers = Math.max(localWorkers, countLocalWorkers(serverPid));
      await sleep(2000);
    }
  })();
  const cpu0 = treeCpuSeconds(serverPid);
  const recorded: Recorded[] = await Promise.all(
    recordings.map((r, i) => recordAtRealTime(recorders[i]!, r)),
  );
  const cpu1 = treeCpuSeconds(serverPid);
  const readerMs = await reads.stop();
  watching = false;
  await watcher;
  const stopAt = Date.now();
  await Promise.all(recorded.map(stop));
  const finals = await Promise.all(recorded.map((r) => finalTranscript(r)));
  const finalWallS = (Date.now() - stopAt) / 1000;
  const cpu2 = treeCpuSeconds(serverPid);
  // Segments flushed at Stop arrive after it; they count for the text, late for the delay.
  const utterances: PhaseResult['utterances'] = [];
  const liveWer = emptyWer();
  const finalWer = emptyWer();
  let segments = 0;
  const sample = { live: '', final: '' };
  recorded.forEach((r, i) => {
    const seen = seenSegments(r).sort((a, b) => a.seq - b.seq);
    segments += seen.length;
    const { ends, clipOfEnd } = r.recording.timeline;
    utteranceDelays(ends, seen).forEach((delayS, k) => {
      const clip = r.recording.clips[clipOfEnd[k]!]!.name;
      utterances.push({ meeting: r.recording.name, clip, endS: ends[k]!, delayS });
    });
    const live = seen.map((s) => s.text).join(' ');
    addWer(liveWer, wordErrorRate(r.recording.text, live));
    addWer(finalWer, wordErrorRate(r.recording.text, spokenText(finals[i]!)));
    if (i === 0) Object.assign(sample, { live, final: finals[i]! });
    r.stream.close();
  });
  return {
    name,
    audioS: recordings.reduce((s, r) => s + r.chunks.length, 0),
    recordingCpuS: cpu1 - cpu0,
    finalCpuS: cpu2 - cpu1,
    finalWallS,
    readerMs,
    delays: utterances.map((u) => u.delayS),
    utterances,
    liveWer,
    finalWer,
    segments,
    localWorkers,
    sample,
  };
}
