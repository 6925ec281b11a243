/**
 * `POST /api/meetings/{id}/stop`: the server half of the stop pipeline
 * (docs/product.md#recording-and-uploads), with its fallbacks: assemble the received chunks in
 * index order into one webm object in storage, mark the meeting processing with its `audio_url`,
 * and enqueue `meeting.process` (source 'recording'). Transcription and the rest run in the job.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { meetings } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { AppError, NotFoundError } from '../../errors/app-errors.ts';
import { enqueueMeetingProcessing } from '../meetings/enqueue-meeting-processing.ts';
import { keyFromAudioUrl, storedAudioUrl, uniqueAudioKey } from '../../storage/types.ts';
import {
  forgetRecordingTally,
  listParts,
  partsDir,
  type RecordingPart,
} from './recording-parts.ts';
import { log } from '../../log.ts';

/** MIME type of assembled recordings (webm opus). */
export const RECORDING_MIME_TYPE = 'audio/webm';

/** What stopping a recording needs. */
export type StopRecordingDeps = Pick<AppDeps, 'database' | 'storage' | 'jobs' | 'env'>;

/** Answer of stop. */
export interface StopRecordingResult {
  meetingId: string;
  /** `recordings/{key}` of the stored audio (sign it with `GET /api/meetings/{id}/audio-url`). */
  audioUrl: string;
  /** Size of the stored audio in bytes. */
  bytes: number;
  /** Indexes below the highest received one that never arrived (assembled without them). */
  missingChunks: MissingChunks;
}

/**
 * Chunks that never arrived, summarised so that the answer and the log line stay small whatever the
 * gaps (a million missing indexes made a 7.9 MB log line).
 */
export interface MissingChunks {
  /** How many indexes are missing. */
  count: number;
  /** The first few runs of missing indexes, `[from, to]` inclusive, ascending (at most 10). */
  ranges: [number, number][];
}

/** Runs of missing chunks listed in answers and logs. */
const MISSING_RANGES_SHOWN = 10;

/** 400 'Recording failed' / 'No audio data was recorded'. */
export class EmptyRecordingError extends AppError {
  constructor() {
    super(400, 'Recording failed', 'No audio data was recorded');
  }
}

// One stop at a time per meeting in this process: a double click must not store two objects.
const stopsInFlight = new Map<string, Promise<StopRecordingResult>>();

/**
 * Stops the recording of the user's meeting. Idempotent: once the audio is stored, calling it
 * again answers the same meeting and audio without enqueueing again.
 *
 * - Chunks 0..N are concatenated in index order; gaps are logged (count and first runs) and what
 *   exists is assembled.
 * - No chunk (or only empty ones): both flags cleared, `EmptyRecordingError` (400).
 * - Storage fails: both flags cleared (spec: "Any failure of the whole stop"), the chunks are
 *   kept so stop can be retried, 500 'Recording failed'.
 * - Enqueueing fails: the meeting keeps its audio, processing is cleared, 500.
 *
 * @param input.durationMs the recorder's duration in ms (0 to 48 h, validated by the route);
 *   stored as `duration` in minutes
 * @throws NotFoundError 404 when the meeting does not exist or belongs to another user
 */
export function stopRecording(
  deps: StopRecordingDeps,
  userId: string,
  meetingId: string,
  input: { durationMs?: number } = {},
): Promise<StopRecordingResult> {
  const running = stopsInFlight.get(meetingId);
  if (running) return running;
  const stop = doStop(deps, userId, meetingId, input).finally(() =>
    stopsInFlight.delete(meetingId),
  );
  stopsInFlight.set(meetingId, stop);
  return stop;
}

/** Logs which chunks never arrived (the first runs of them), before the received ones are kept. */
function warnMissingChunks(
  meetingId: string,
  missingChunks: ReturnType<typeof gaps>,
  received: number,
): void {
  const shown = missingChunks.ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`));
  const listed = missingChunks.ranges.reduce((n, [a, b]) => n + b - a + 1, 0);
  if (listed < missingChunks.count) shown.push('...');
  log.warn(
    { meetingId, missing: missingChunks.count, chunks: shown.join(', '), received },
    '[recording] chunks never arrived; assembling the received ones',
  );
}

async function doStop(
  { database: { db }, storage, jobs, env }: StopRecordingDeps,
  userId: string,
  meetingId: string,
  input: { durationMs?: number },
): Promise<StopRecordingResult> {
  const owned = and(eq(meetings.id, meetingId), eq(meetings.userId, userId));
  const [meeting] = await db.select({ audioUrl: meetings.audioUrl }).from(meetings).where(owned);
  if (!meeting) throw new NotFoundError('Meeting');
  if (meeting.audioUrl) return alreadyStored(storage, meetingId, meeting.audioUrl);

  const clearFlags = () =>
    db
      .update(meetings)
      .set({ isRecording: false, isProcessing: false, isPaused: false, updatedAt: sql`now()` })
      .where(owned);

  const parts = (await listParts(env.dataDir, meetingId)).filter((p) => p.size > 0);
  if (parts.length === 0) {
    await clearFlags();
    throw new EmptyRecordingError();
  }
  const missingChunks = gaps(parts);
  if (missingChunks.count > 0) warnMissingChunks(meetingId, missingChunks, parts.length);

  const bytes = parts.reduce((n, p) => n + p.size, 0);
  const key = uniqueAudioKey(userId, RECORDING_MIME_TYPE);
  try {
    await storage.put(key, concatParts(parts), RECORDING_MIME_TYPE, { size: bytes });
  } catch (err) {
    log.error({ err, meetingId }, '[recording] storing the audio failed');
    await clearFlags();
    throw new AppError(
      500,
      'Recording failed',
      'The recording could not be saved. Please try again.',
    );
  }

  const audioUrl = storedAudioUrl(key);
  const updated = await db
    .update(meetings)
    .set({
      audioUrl,
      isRecording: false,
      isPaused: false,
      isProcessing: true,
      ...(input.durationMs !== undefined ? { duration: input.durationMs / 60_000 } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(owned, isNull(meetings.audioUrl)))
    .returning({ id: meetings.id });
  if (updated.length === 0) {
    // Deleted meanwhile, or another server stored its own copy first. The object just stored is
    // kept (audio is never deleted by a failure path).
    const [now] = await db.select({ audioUrl: meetings.audioUrl }).from(meetings).where(owned);
    log.warn({ meetingId, key }, '[recording] stored the audio but the meeting changed');
    if (!now?.audioUrl) throw new NotFoundError('Meeting');
    return alreadyStored(storage, meetingId, now.audioUrl);
  }
  // The chunks are now one stored object; the browser still has them in IndexedDB as well.
  await fs.rm(partsDir(env.dataDir, meetingId), { recursive: true, force: true });
  forgetRecordingTally(meetingId);

  try {
    await enqueueMeetingProcessing(jobs, {
      meetingId,
      userId,
      audioKey: key,
      mimeType: RECORDING_MIME_TYPE,
      source: 'recording',
    });
  } catch (err) {
    log.error({ err, meetingId }, '[recording] could not enqueue processing');
    await db.update(meetings).set({ isProcessing: false }).where(owned);
    throw new AppError(
      500,
      'Recording failed',
      'The audio was saved but processing could not start',
    );
  }
  return { meetingId, audioUrl, bytes, missingChunks };
}

async function alreadyStored(
  storage: StopRecordingDeps['storage'],
  meetingId: string,
  audioUrl: string,
): Promise<StopRecordingResult> {
  const key = keyFromAudioUrl(audioUrl);
  const stat = key ? await storage.stat(key) : undefined;
  return { meetingId, audioUrl, bytes: stat?.size ?? 0, missingChunks: { count: 0, ranges: [] } };
}

/** The missing indexes below the highest part, from the parts sorted by index; O(parts). */
function gaps(parts: RecordingPart[]): MissingChunks {
  const result: MissingChunks = { count: 0, ranges: [] };
  let expected = 0;
  for (const { index } of parts) {
    if (index > expected) {
      result.count += index - expected;
      if (result.ranges.length < MISSING_RANGES_SHOWN) result.ranges.push([expected, index - 1]);
    }
    expected = index + 1;
  }
  return result;
}

// One file after the other, each streamed: a long recording is never held in memory.
function concatParts(parts: RecordingPart[]): Readable {
  return Readable.from(
    (async function* () {
      for (const p of parts) yield* createReadStream(p.file);
    })(),
  );
}
