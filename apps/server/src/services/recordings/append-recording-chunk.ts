/**
 * `POST /api/meetings/{id}/audio?index=N`: one chunk of a browser recording in progress
 * (MediaRecorder, webm/opus, one chunk per 1000 ms). Chunks are kept on disk as they come, so a
 * crashed tab loses at most the chunk in flight; stop assembles them (stop-recording.ts).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { meetings } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { AppError, NotFoundError } from '../../errors/app-errors.ts';
import { RECORDING_LIMITS, recordingByteLimit } from '@summy/core';
import { FileTooLargeError, InvalidFileTypeError, essenceOf } from '../../uploads/audio-type.ts';
import { stagedChunkName } from '../../storage/scratch.ts';
import type { RawRequest } from '../../uploads/multipart.ts';
import { assertRecordingChunk, CHUNK_SNIFF_BYTES } from './chunk-content.ts';
import { partFile, partsDir, recordingTally } from './recording-parts.ts';
import { startLiveSession } from '../live/start-live-session.ts';
import { log } from '../../log.ts';

/** Largest chunk accepted, in bytes: 2 MiB (RECORDING_LIMITS.chunkBytes). */
export const MAX_CHUNK_BYTES = RECORDING_LIMITS.chunkBytes;

/** Highest chunk index accepted: 48 h of 1000 ms chunks (RECORDING_LIMITS.maxIndex). */
export const MAX_CHUNK_INDEX = RECORDING_LIMITS.maxIndex;

/** Content types a chunk may declare: MediaRecorder's webm (with or without codecs). */
const CHUNK_TYPES = new Set(['audio/webm', 'video/webm']);

/**
 * 400 for a chunk index too far ahead of the chunks received: a recorder numbers its chunks without
 * gaps, so an index more than 32 past the highest one is refused.
 */
export class ChunkIndexError extends AppError {
  constructor(index: number, highest: number) {
    super(
      400,
      'Invalid chunk index',
      `Chunk ${index} is more than ${RECORDING_LIMITS.indexWindow} past the last chunk received (${highest < 0 ? 'none yet' : highest}); send chunks in recording order`,
    );
  }
}

/** 409 for chunks sent to a meeting whose recording has been stopped and stored. */
export class RecordingStoppedError extends AppError {
  constructor() {
    super(409, 'Recording already saved', 'This meeting already has its audio');
  }
}

/**
 * Stores chunk `index` of the user's meeting. Idempotent per index: a chunk already received is
 * kept as it is (a retry after a lost answer must not duplicate or replace audio) and the answer
 * is the same. An empty body stores nothing. Each chunk is written to a temporary file, flushed
 * (fsync) and linked under its name, so a chunk file is always complete.
 *
 * Limits (packages/core RECORDING_LIMITS): index at most 32 past the highest received; chunk at
 * most 2 MiB; the recording's total at most `recordingByteLimit(highest)` (100 MiB, or 32 KiB per
 * chunk index beyond); content checked by chunk-content.ts. Chunk 0, once stored, starts the
 * meeting's live draft transcript (services/live/start-live-session.ts).
 * @returns `{received: index}`
 * @throws NotFoundError 404 when the meeting does not exist or belongs to another user
 * @throws RecordingStoppedError 409 when the meeting already has its audio
 * @throws ChunkIndexError 400 'Invalid chunk index' when the index is too far ahead
 * @throws InvalidFileTypeError 400 when the type is not webm, or the content is not WebM data
 * @throws FileTooLargeError 413 'File too large' for a chunk over 2 MiB (by Content-Length before
 *   reading, else by counting) or a recording past its total
 */
export async function appendRecordingChunk(
  deps: Pick<AppDeps, 'database' | 'env' | 'jobs'>,
  userId: string,
  meetingId: string,
  index: number,
  request: RawRequest,
): Promise<{ received: number }> {
  const stored = await storeChunk(deps, userId, meetingId, index, request);
  // The first chunk starts the live draft transcript; its failure never fails the upload.
  if (stored && index === 0) {
    await startLiveSession(deps, userId, meetingId).catch((err: unknown) =>
      log.warn({ err, meetingId }, '[live] could not start the live transcript'),
    );
  }
  return { received: index };
}

/**
 * The checks and the write of {@link appendRecordingChunk}.
 * @returns whether this call stored the chunk (false: empty, or already there)
 */
async function storeChunk(
  { database: { db }, env }: Pick<AppDeps, 'database' | 'env'>,
  userId: string,
  meetingId: string,
  index: number,
  request: RawRequest,
): Promise<boolean> {
  const tooLarge = () => new FileTooLargeError('Please send audio chunks smaller than 2MB');
  if (!CHUNK_TYPES.has(essenceOf(request.headers['content-type']))) {
    throw new InvalidFileTypeError();
  }
  if (Number(request.headers['content-length']) > MAX_CHUNK_BYTES) throw tooLarge();
  const [meeting] = await db
    .select({ audioUrl: meetings.audioUrl })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)));
  if (!meeting) throw new NotFoundError('Meeting');
  if (meeting.audioUrl) throw new RecordingStoppedError();

  const target = partFile(env.dataDir, meetingId, index);
  if (await exists(target)) return false;
  const tally = await recordingTally(env.dataDir, meetingId);
  if (index > tally.highest + RECORDING_LIMITS.indexWindow) {
    throw new ChunkIndexError(index, tally.highest);
  }
  await fs.mkdir(partsDir(env.dataDir, meetingId), { recursive: true });

  const staged = path.join(partsDir(env.dataDir, meetingId), stagedChunkName(index, randomUUID()));
  let reserved = 0;
  try {
    const handle = await fs.open(staged, 'wx', 0o600);
    let size = 0;
    // The start of the chunk, checked as soon as it is complete (or at the end of a short chunk).
    let head: Buffer | undefined = Buffer.alloc(0);
    try {
      for await (const chunk of request.body as AsyncIterable<Buffer>) {
        if (head) {
          head = Buffer.concat([head, chunk.subarray(0, CHUNK_SNIFF_BYTES - head.length)]);
          if (head.length === CHUNK_SNIFF_BYTES) {
            await assertRecordingChunk(index, head);
            head = undefined;
          }
        }
        size += chunk.length;
        if (size > MAX_CHUNK_BYTES) throw tooLarge();
        await handle.write(chunk);
      }
      if (head && size > 0) await assertRecordingChunk(index, head);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (size === 0) return false;
    // Check and count in one synchronous step: concurrent chunks cannot both pass the total.
    const highest = Math.max(tally.highest, index);
    if (tally.bytes + size > recordingByteLimit(highest)) {
      throw new FileTooLargeError(
        `This recording reached its size limit of ${Math.round(recordingByteLimit(highest) / 1024 / 1024)}MB`,
      );
    }
    tally.bytes += size;
    tally.highest = highest;
    reserved = size;
    try {
      await fs.link(staged, target);
    } catch (err) {
      // Another request stored the same index meanwhile: theirs stays, the answer is the same.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      tally.bytes -= reserved;
      reserved = 0;
      return false;
    }
    reserved = 0;
  } finally {
    tally.bytes -= reserved;
    await fs.rm(staged, { force: true });
  }
  return true;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
