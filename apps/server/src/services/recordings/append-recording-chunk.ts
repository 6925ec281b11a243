/**
 * `POST /api/meetings/{id}/audio?index=N`: one chunk of a browser recording in progress
 * (MediaRecorder, webm/opus, one chunk per 1000 ms; spec 000 section 9 "Recorder output").
 * Chunks are kept on disk as they come, so a crashed tab loses at most the chunk in flight
 * (DESIGN.md "Nothing is lost"); stop assembles them (stop-recording.ts).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { meetings } from '@summy/db';
import type { AppDeps } from '../../http/context.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import { FileTooLargeError, InvalidFileTypeError, essenceOf } from '../../uploads/audio-type.ts';
import type { RawRequest } from '../../uploads/multipart.ts';
import { partFile, partsDir } from './recording-parts.ts';

/** Largest chunk accepted: 10 MB (a 1000 ms opus chunk is a few kB; this bounds misuse). */
export const MAX_CHUNK_BYTES = 10 * 1024 * 1024;

/** Highest chunk index accepted (about 11.5 days of 1000 ms chunks). */
export const MAX_CHUNK_INDEX = 1_000_000;

/** Content types a chunk may declare: MediaRecorder's webm (with or without codecs). */
const CHUNK_TYPES = new Set(['audio/webm', 'video/webm']);

/** EBML magic number: every WebM file, hence the first chunk of a recording, starts with it. */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

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
 * @returns `{received: index}`
 * @throws NotFoundError 404 when the meeting does not exist or belongs to another user
 * @throws RecordingStoppedError 409 when the meeting already has its audio
 * @throws InvalidFileTypeError 400 when the type is not webm, or chunk 0 does not start with EBML
 * @throws FileTooLargeError 413 above 10 MB (by Content-Length before reading, else by counting)
 */
export async function appendRecordingChunk(
  { database: { db }, env }: Pick<AppDeps, 'database' | 'env'>,
  userId: string,
  meetingId: string,
  index: number,
  request: RawRequest,
): Promise<{ received: number }> {
  const tooLarge = () => new FileTooLargeError('Please send audio chunks smaller than 10MB');
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
  if (await exists(target)) return { received: index };
  await fs.mkdir(partsDir(env.dataDir, meetingId), { recursive: true });

  const staged = path.join(partsDir(env.dataDir, meetingId), `.${index}.${randomUUID()}.tmp`);
  try {
    const handle = await fs.open(staged, 'wx', 0o600);
    let size = 0;
    // Only chunk 0 carries the WebM header; later chunks are continuation clusters.
    let head = index === 0 ? Buffer.alloc(0) : undefined;
    try {
      for await (const chunk of request.body as AsyncIterable<Buffer>) {
        if (head) {
          head = Buffer.concat([head, chunk.subarray(0, EBML_MAGIC.length - head.length)]);
          if (head.length === EBML_MAGIC.length) {
            if (!head.equals(EBML_MAGIC)) throw new InvalidFileTypeError();
            head = undefined;
          }
        }
        size += chunk.length;
        if (size > MAX_CHUNK_BYTES) throw tooLarge();
        await handle.write(chunk);
      }
      if (head && size > 0) throw new InvalidFileTypeError();
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (size === 0) return { received: index };
    try {
      await fs.link(staged, target);
    } catch (err) {
      // Another request stored the same index meanwhile: theirs stays, the answer is the same.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  } finally {
    await fs.rm(staged, { force: true });
  }
  return { received: index };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
