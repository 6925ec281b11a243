/**
 * The `meeting.live` job: the live draft transcript of one recording in progress. It claims the
 * meeting's session, follows the chunk files the recorder uploads (shared DATA_DIR, watched and
 * polled) in order through the live decoder to the live transcriber (speech to text on this
 * machine), saves each line of text as the next live segment and publishes it ('live-segment').
 * It ends when the recording is stopped (what is still open is flushed, state 'ended',
 * 'live-state'), when no chunk came for `idleMs` while not paused, or when another process took
 * the session over.
 *
 * A resumed session (the previous process died) decodes from chunk 0 again, because only chunk 0
 * holds the WebM header, and skips the audio whose segments were already saved.
 */
import { watch, type FSWatcher } from 'node:fs';
import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppDeps } from '../../deps.ts';
import type { MeetingLiveJob } from '../../jobs/payloads.ts';
import { ChunkOrder } from '../../live/chunk-order.ts';
import { Nap } from '../../live/nap.ts';
import { openLiveDecoder, type LiveDecoder } from '../../live/live-decoder.ts';
import type { LiveRecognizer } from '../../live/live-recognizer.ts';
import { createLiveTranscriber } from '../../live/local-live-recognizer.ts';
import {
  stretchTranscriber,
  type LiveText,
  type LiveTranscriber,
} from '../../live/live-transcriber.ts';
import { log } from '../../log.ts';
import { publishLiveSegment, publishLiveState } from '../../realtime/publish.ts';
import { partFile, partsDir } from '../recordings/recording-parts.ts';
import {
  beatLiveSession,
  claimLiveSession,
  endLiveSession,
  recordingStatus,
  releaseLiveSession,
  saveLiveSegment,
  type LiveClaim,
} from './live-session-store.ts';
import { LIVE_STALE_MS } from './start-live-session.ts';

/** A live session with no new chunk for this long while not paused ends (ms): 10 minutes. */
export const LIVE_IDLE_MS = 10 * 60_000;
/** Heartbeat period while nothing else is written (ms). */
const BEAT_MS = 5_000;

/** Options of {@link runLiveSession}; tests shorten the waits. */
export interface LiveRunOptions {
  signal?: AbortSignal;
  /** Period of the look for new chunks (ms); default 250. */
  pollMs?: number;
  /** See {@link LIVE_IDLE_MS}. */
  idleMs?: number;
  /** How long to wait for a session another process holds to go stale (ms). */
  claimWaitMs?: number;
  /**
   * Recognises each stretch once it ended with this recognizer instead of the server's own
   * transcriber (createLiveTranscriber: the installed local model, else streaming PocketSphinx).
   */
  recognizer?: LiveRecognizer;
}

/** How a run ended. */
export type LiveRunResult = 'ended' | 'idle' | 'not-live' | 'taken-over' | 'aborted' | 'failed';

type LiveDeps = Pick<AppDeps, 'database' | 'env'>;

/** One owner's run: what the loop steps share. */
interface Run {
  deps: LiveDeps;
  job: MeetingLiveJob;
  claim: LiveClaim;
  decoder: LiveDecoder;
  transcriber: LiveTranscriber;
  order: ChunkOrder<Buffer>;
  seen: Set<number>;
  /** The loop's pause between two looks, cut short when the transcriber has text. */
  nap: Nap;
}

/**
 * Works the live session of `job.meetingId` until it ends; never throws for a recognizer or
 * decoder failure (that stretch, or the rest of the live text, is lost; the final pass after Stop
 * does not depend on it).
 * @returns how the run ended
 */
export async function runLiveSession(
  deps: LiveDeps,
  job: MeetingLiveJob,
  options: LiveRunOptions = {},
): Promise<LiveRunResult> {
  const claim = await waitForClaim(deps, job.meetingId, options);
  if (!claim) return 'not-live';
  const nap = new Nap();
  const transcriber = options.recognizer
    ? stretchTranscriber(options.recognizer, job.meetingId)
    : createLiveTranscriber(deps.env, job.meetingId, () => nap.wake());
  const decoder = await openLiveDecoder({
    channels: claim.channels,
    skipUntil: claim.publishedUntil,
    onHeard: (audio) => transcriber.hear(audio),
  });
  // A chunk stored by this host wakes the loop at once; the poll stays for a DATA_DIR on a
  // network file system, whose writes from other hosts raise no inotify event.
  const watcher = watchChunks(deps.env.dataDir, job.meetingId, () => nap.wake());
  const run: Run = {
    deps,
    job,
    claim,
    decoder,
    transcriber,
    order: new ChunkOrder(0),
    seen: new Set(),
    nap,
  };
  try {
    return await follow(run, options);
  } finally {
    watcher?.close();
    run.decoder.kill();
    // A recognizer the caller gave stays open: the caller closes it.
    if (!options.recognizer) await transcriber.close();
  }
}

/** Claims the session, waiting up to `claimWaitMs` for another owner's heartbeat to go stale. */
async function waitForClaim(
  { database: { db } }: LiveDeps,
  meetingId: string,
  options: LiveRunOptions,
): Promise<LiveClaim | undefined> {
  const until = Date.now() + (options.claimWaitMs ?? LIVE_STALE_MS + 5_000);
  for (;;) {
    const claim = await claimLiveSession(db, meetingId);
    if (claim || Date.now() >= until || options.signal?.aborted) return claim;
    await sleep(1_000);
  }
}

/** The loop: new chunks in order to the decoder, finished speech to the segments. */
async function follow(run: Run, options: LiveRunOptions): Promise<LiveRunResult> {
  const { db } = run.deps.database;
  const idleMs = options.idleMs ?? LIVE_IDLE_MS;
  let lastChunkAt = Date.now();
  let lastBeat = Date.now();
  for (;;) {
    if (options.signal?.aborted) {
      await releaseLiveSession(db, run.claim).catch(() => {});
      return 'aborted';
    }
    const status = await recordingStatus(db, run.job.meetingId);
    const now = Date.now();
    const fresh = await readNewChunks(run);
    const ready = fresh.flatMap((c) => run.order.add(c.index, c.bytes, now));
    ready.push(...run.order.release(now), ...(status === 'stopped' ? run.order.drain() : []));
    for (const chunk of ready) await run.decoder.write(chunk);
    if (fresh.length > 0 || status === 'paused') lastChunkAt = now;
    if (status === 'stopped') return finish(run, 'ended');
    if (run.decoder.failure) {
      log.warn({ meetingId: run.job.meetingId, err: run.decoder.failure }, '[live] decoder failed');
      return finish(run, 'failed');
    }
    if (ready.length > 0) await run.decoder.settle();
    if (!(await publishText(run, await run.transcriber.take()))) return 'taken-over';
    if (ready.length > 0 || now - lastBeat >= BEAT_MS) {
      if (!(await beatLiveSession(db, run.claim, run.order.next))) return 'taken-over';
      lastBeat = now;
    }
    if (now - lastChunkAt >= idleMs) return finish(run, 'idle');
    await run.nap.wait(options.pollMs ?? 250, options.signal);
  }
}

/** End of the session: what is still open recognised and saved, state 'ended' published. */
async function finish(run: Run, result: 'ended' | 'idle' | 'failed'): Promise<LiveRunResult> {
  if (!run.decoder.failure) await run.decoder.end();
  if (!(await publishText(run, await run.transcriber.end()))) return 'taken-over';
  const { database } = run.deps;
  if (await endLiveSession(database.db, run.claim)) {
    await publishLiveState(database, run.job.userId, {
      meetingId: run.job.meetingId,
      state: 'ended',
    });
  }
  return result;
}

/**
 * Saves and publishes each line as the next segment.
 * @returns false when the session ended or was taken over meanwhile (nothing more is saved)
 */
async function publishText(run: Run, lines: LiveText[]): Promise<boolean> {
  const { database } = run.deps;
  for (const line of lines) {
    const segment = await saveLiveSegment(database.db, run.claim, line);
    if (!segment) return false;
    await publishLiveSegment(database, run.job.userId, { meetingId: run.job.meetingId, segment });
  }
  return true;
}

/** Watches the meeting's chunk folder; undefined when it cannot be watched (the poll remains). */
function watchChunks(
  dataDir: string,
  meetingId: string,
  onChange: () => void,
): FSWatcher | undefined {
  try {
    const watcher = watch(partsDir(dataDir, meetingId), { persistent: false }, onChange);
    watcher.on('error', () => watcher.close());
    return watcher;
  } catch {
    return undefined;
  }
}

/**
 * The chunk files not read yet from `order.next` on: one `readdir` (names only, no `stat` of the
 * hours of chunks before), then the new files; a file removed by Stop meanwhile is skipped.
 */
async function readNewChunks(run: Run): Promise<{ index: number; bytes: Buffer }[]> {
  const { dataDir } = run.deps.env;
  const names = await fs.readdir(partsDir(dataDir, run.job.meetingId)).catch(() => []);
  const fresh: { index: number; bytes: Buffer }[] = [];
  for (const name of names) {
    const m = /^(\d+)\.part$/.exec(name);
    const index = Number(m?.[1] ?? -1);
    if (index < run.order.next || run.seen.has(index)) continue;
    const bytes = await fs.readFile(partFile(dataDir, run.job.meetingId, index)).catch(() => null);
    if (!bytes || bytes.length === 0) continue;
    run.seen.add(index);
    fresh.push({ index, bytes });
  }
  return fresh.sort((a, b) => a.index - b.index);
}
