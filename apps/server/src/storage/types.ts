/**
 * Object storage of recordings (spec 000 section 3 "Stored audio object", section 7): bucket
 * 'recordings', keys `{userId}/{timestamp}-meeting-audio.{ext}`, never overwritten, played back
 * through signed URLs valid one hour. Local disk by default, S3-compatible by configuration.
 */
import type { Readable } from 'node:stream';

/** Bucket of recorded and uploaded audio. */
export const RECORDINGS_BUCKET = 'recordings';

/** Signed URL lifetime: one hour (spec 000 section 9), in seconds. */
export const SIGNED_URL_TTL_S = 3600;

/** Metadata of a stored object. `size` in bytes. */
export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
}

/** A storage backend. Keys are relative to the 'recordings' bucket. */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * Streams `body` into a new object. Throws `ObjectExistsError` when the key exists (never
   * overwrites). Resolves with the stored size in bytes.
   */
  put(key: string, body: Readable, contentType: string): Promise<StoredObject>;
  /** Metadata, or undefined when absent. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** A readable stream of the object, or of `range` (inclusive byte offsets). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Runs `fn` with a local file path of the object (S3 downloads to a temporary file first). */
  withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
  /** A URL that serves the object for `ttlSeconds` (default 3600), for audio playback. */
  signedUrl(key: string, ttlSeconds?: number): Promise<string>;
}

/** Thrown by `put` when the key is taken. */
export class ObjectExistsError extends Error {
  constructor(readonly key: string) {
    super(`Storage object exists: ${key}`);
  }
}

/**
 * Audio extension by MIME type (spec 000 section 5): webm, m4a for mp4, mp3 for mpeg, wav,
 * otherwise m4a.
 */
export function audioExtension(mimeType: string): string {
  const t = mimeType.toLowerCase().split(';')[0]!.trim();
  if (t.endsWith('/webm')) return 'webm';
  if (t === 'audio/mpeg' || t === 'audio/mp3') return 'mp3';
  if (t === 'audio/wav' || t === 'audio/x-wav' || t === 'audio/wave') return 'wav';
  if (t === 'audio/ogg') return 'ogg';
  return 'm4a';
}

/** The object key of a new recording: `{userId}/{timestamp}-meeting-audio.{ext}`. */
export function audioKey(userId: string, mimeType: string, now: Date = new Date()): string {
  return `${userId}/${now.getTime()}-meeting-audio.${audioExtension(mimeType)}`;
}
