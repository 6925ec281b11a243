/**
 * The server half of the upload pipeline: check the file by declared type and content, store the
 * audio first, then create the meeting (processing) pointing at it, then enqueue `meeting.process`.
 * Shared by the multipart upload and the tus resumable upload.
 */
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { CALL_CHANNELS, FALLBACK_TITLE, type ChannelLayout } from '@summy/core';
import { meetings } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { AppError, ValidationError } from '../../errors/app-errors.ts';
import { enqueueMeetingProcessing } from '../meetings/enqueue-meeting-processing.ts';
import { storedAudioUrl, uniqueAudioKey, type StoredObject } from '../../storage/types.ts';
import { AudioGuard } from '../../uploads/audio-guard.ts';
import { assertAcceptedType } from '../../uploads/audio-type.ts';
import { log } from '../../log.ts';

/** What the upload services need. */
export type UploadDeps = Pick<AppDeps, 'database' | 'storage' | 'jobs'>;

/** Longest title kept from a form field or a file name, in characters (createMeetingSchema). */
const TITLE_LIMIT = 500;

/** 500 'Upload failed' / 'Failed to process the uploaded file'. */
export class UploadFailedError extends AppError {
  constructor() {
    super(500, 'Upload failed', 'Failed to process the uploaded file');
  }
}

// Control characters (NUL, which PostgreSQL cannot store, among them) count as spaces: a file
// name is not typed by the user, so it is cleaned rather than refused.
// eslint-disable-next-line no-control-regex
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]+/g;

/**
 * The meeting's title until processing writes one: the `title` form field when given, else the file
 * name without its extension, else 'Meeting'. Whitespace and control characters collapse to one
 * space; at most 500 characters.
 */
export function uploadTitle(title: string | undefined, fileName: string): string {
  const base = baseName(fileName).replace(/\.[^.]*$/, '');
  const clean = (s: string) => s.replace(SPACE_OR_CONTROL, ' ').trim().slice(0, TITLE_LIMIT).trim();
  return clean(title ?? '') || clean(base) || FALLBACK_TITLE;
}

/** The one value of the upload field (or tus metadata) `channels`: channel 0 me, 1 the call. */
export const UPLOAD_CHANNELS_VALUE = CALL_CHANNELS.join(',');

/**
 * The channel layout an upload declares in its `channels` field: `me,them` marks a two-channel
 * call recording (left the microphone, right the call); absent means one source.
 * @throws ValidationError 400 'Invalid request' for any other value
 */
export function uploadChannels(value: string | undefined): ChannelLayout {
  if (value === undefined) return null;
  if (value === UPLOAD_CHANNELS_VALUE) return [...CALL_CHANNELS];
  throw new ValidationError(
    `Field "channels" must be "${UPLOAD_CHANNELS_VALUE}" (left channel me, right the call) or absent`,
  );
}

// Browsers send a bare name; other clients may send a path (either separator).
function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? '';
}

/**
 * Streams an upload into storage under a new key `{userId}/{timestamp}-meeting-audio.{ext}`,
 * checking the declared type at once and the content's magic bytes and size on the way.
 * Nothing is stored when a check fails (storage writes are atomic).
 * @param input.size exact length in bytes when known (lets S3 stream without a temporary file)
 * @throws InvalidFileTypeError (400), FileTooLargeError (413), or the storage's error
 */
export async function storeUploadedAudio(
  storage: AppDeps['storage'],
  input: { userId: string; audio: Readable; mimeType: string; size?: number },
): Promise<StoredObject> {
  let mimeType: string;
  try {
    mimeType = assertAcceptedType(input.mimeType);
  } catch (err) {
    // Not a byte will be read: release the source (an open file of a tus upload).
    input.audio.destroy();
    throw err;
  }
  const guard = new AudioGuard({ mimeType });
  // A failing source fails the guard, hence `put` (which removes what it staged).
  input.audio.on('error', (err) => guard.destroy(err));
  // The guard's own failure reaches the caller through `put`'s rejection.
  guard.on('error', () => undefined);
  // However the guard ends (done, failed, or abandoned by a failing `put`), release the source.
  guard.on('close', () => {
    if (!input.audio.readableEnded) input.audio.destroy();
  });
  input.audio.pipe(guard);
  const key = uniqueAudioKey(input.userId, mimeType);
  return storage.put(key, guard, mimeType, input.size !== undefined ? { size: input.size } : {});
}

/**
 * Creates the meeting for stored audio - processing, titled `title`, `audio_url` =
 * `recordings/{key}`, `channels` as declared (null when absent) - and enqueues its processing with source 'upload'.
 * A failure here never deletes the stored audio. When enqueueing fails, the meeting stays (with
 * its audio, not processing) and `UploadFailedError` is thrown.
 * @returns the new meeting's id
 */
export async function createMeetingForUpload(
  { database: { db }, jobs }: UploadDeps,
  input: {
    userId: string;
    key: string;
    mimeType: string;
    fileName: string;
    title: string;
    channels?: ChannelLayout;
  },
): Promise<{ meetingId: string }> {
  const [row] = await db
    .insert(meetings)
    .values({
      userId: input.userId,
      title: input.title,
      isProcessing: true,
      audioUrl: storedAudioUrl(input.key),
      channels: input.channels ?? null,
    })
    .returning({ id: meetings.id });
  const meetingId = row!.id;
  try {
    await enqueueMeetingProcessing(jobs, {
      meetingId,
      userId: input.userId,
      audioKey: input.key,
      mimeType: input.mimeType,
      source: 'upload',
      fileName: input.fileName,
    });
  } catch (err) {
    log.error({ err, meetingId }, '[upload] could not enqueue processing');
    await db.update(meetings).set({ isProcessing: false }).where(eq(meetings.id, meetingId));
    throw new UploadFailedError();
  }
  return { meetingId };
}

/**
 * Checks, stores and creates the meeting of an uploaded file in one go (tus uploads, whose
 * metadata is known before the bytes).
 * @throws InvalidFileTypeError (400), FileTooLargeError (413), UploadFailedError (500)
 */
export async function createUploadedMeeting(
  deps: UploadDeps,
  input: {
    userId: string;
    audio: Readable;
    mimeType: string;
    fileName: string;
    title?: string;
    size?: number;
    channels?: ChannelLayout;
  },
): Promise<{ meetingId: string; key: string }> {
  const stored = await storeOrFail(deps, input);
  const { meetingId } = await createMeetingForUpload(deps, {
    userId: input.userId,
    key: stored.key,
    mimeType: stored.contentType,
    fileName: input.fileName,
    title: uploadTitle(input.title, input.fileName),
    channels: input.channels ?? null,
  });
  return { meetingId, key: stored.key };
}

/**
 * `storeUploadedAudio`, with unexpected storage failures logged and reported as 'Upload failed'
 * (the rule errors 400 and 413 pass through).
 */
export async function storeOrFail(
  { storage }: UploadDeps,
  input: { userId: string; audio: Readable; mimeType: string; size?: number },
): Promise<StoredObject> {
  try {
    return await storeUploadedAudio(storage, input);
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error({ err }, '[upload] storing the audio failed');
    throw new UploadFailedError();
  }
}
