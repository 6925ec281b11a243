/**
 * The `meeting.live` job: the live draft transcript of one recording in progress. It claims the
 * meeting's session, follows the chunk files the recorder uploads (shared DATA_DIR, polled) in
 * order through the live decoder, recognises each stretch of speech on this machine, saves it as
 * the next live segment and publishes it ('live-segment'). It ends when the recording is stopped
 * (what is still open is flushed, state 'ended', 'live-state'), when no chunk came for
 * `idleMs` while not paused, or when another process took the session over.
 *
 * A resumed session (the previous process died) decodes from chunk 0 again, because only chunk 0
 * holds the WebM header, and skips the audio whose segments were already saved.
 */
import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppDeps } from '../../deps.ts';
import type { MeetingLiveJob } from '../../jobs/payloads.ts';
import { ChunkOrder } from '../../live/chunk-order.ts';
import { openLiveDecoder, type LiveDecoder, type LiveSpeech } from '../../live/live-decoder.ts';
import type { LiveRecognizer } from '../../live/live-recognizer.ts';
import { createLiveRecognizer } from '../../live/local-live-recognizer.ts';
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
  /** Default: the installed local recognizer, else PocketSphinx (createLiveRecognizer). */
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
  recognizer: LiveRecognizer;
  order: ChunkOrder<Buffer>;
  seen: Set<number>;
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
  const run: Run = {
    deps,
    job,
    claim,
    decoder: await openLiveDecoder({ channels: claim.channels, skipUntil: claim.publishedUntil }),
    recognizer: options.recognizer ?? createLiveRecognizer(deps.env),
    order: new ChunkOrder<Buffer>(0),
    seen: new Set(),
  };
  try {
    return await follow(run, options);
  } finally {
    run.decoder.kill();
    if (!options.recognizer) await run.recognizer.close();
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
    if (!(await publishSpeech(run, run.decoder.take()))) return 'taken-over';
    if (ready.length > 0 || now - lastBeat >= BEAT_MS) {
      if (!(await beatLiveSession(db, run.claim, run.order.next))) return 'taken-over';
      lastBeat = now;
    }
    if (now - lastChunkAt >= idleMs) return finish(run, 'idle');
    await sleep(options.pollMs ?? 250, undefined, { signal: options.signal }).catch(() => {});
  }
}

/** End of the session: what is still open recognised and saved, state 'ended' published. */
async function finish(run: Run, result: 'ended' | 'idle' | 'failed'): Promise<LiveRunResult> {
  const rest = run.decoder.failure ? run.decoder.take() : await run.decoder.end();
  if (!(await publishSpeech(run, rest))) return 'taken-over';
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
 * Recognises each stretch and saves and publishes it as the next segment; a stretch with no words
 * or whose recognition failed is dropped.
 * @returns false when the session ended or was taken over meanwhile (nothing more is saved)
 */
async function publishSpeech(run: Run, speech: LiveSpeech[]): Promise<boolean> {
  const { database } = run.deps;
  for (const s of speech) {
    let text: string;
    try {
      text = (await run.recognizer.recognize(s.samples)).trim();
    } catch (err) {
      log.warn({ err, meetingId: run.job.meetingId }, '[live] recognition failed; stretch dropped');
      continue;
    }
    if (!text) continue;
    const segment = await saveLiveSegment(database.db, run.claim, {
      channel: s.channel,
      start: s.start,
      end: s.end,
      text,
    });
    if (!segment) return false;
    await publishLiveSegment(database, run.job.userId, { meetingId: run.job.meetingId, segment });
  }
  return true;
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
