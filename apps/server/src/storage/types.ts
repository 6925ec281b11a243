/**
 * Object storage of recordings: bucket 'recordings', keys
 * `{userId}/{timestamp}-meeting-audio.{ext}`, never overwritten, played back through signed URLs
 * valid one hour. Local disk by default, S3-compatible by configuration.
 */
import type { Readable } from 'node:stream';

/** Bucket of recorded and uploaded audio. */
export const RECORDINGS_BUCKET = 'recordings';

/** Signed URL lifetime: one hour, in seconds. */
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
   * overwrites). Resolves with the stored size in bytes. The write is atomic: the object appears
   * under `key` complete or not at all (a failed or interrupted `body` leaves nothing behind).
   * @param options.size the body's length in bytes when known: S3 can then stream it without
   *   a temporary file, and a body of another length is refused
   */
  put(
    key: string,
    body: Readable,
    contentType: string,
    options?: PutOptions,
  ): Promise<StoredObject>;
  /** Metadata, or undefined when absent. */
  stat(key: string): Promise<StoredObject | undefined>;
  /**
   * A readable stream of the object, or of `range` (inclusive byte offsets).
   * @throws ObjectNotFoundError when the object does not exist
   */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Runs `fn` with a local file path of the object (S3 downloads to a temporary file first). */
  withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
  /** A URL that serves the object for `ttlSeconds` (default 3600), for audio playback. */
  signedUrl(key: string, ttlSeconds?: number): Promise<string>;
  /**
   * Removes the object; an absent object is not an error (deletion is retried by the orphan sweep).
   * Afterwards its signed URLs answer 404.
   */
  delete(key: string): Promise<void>;
  /**
   * Every object of the bucket, in no particular order (the orphan sweep reads them all); with
   * `prefix` (a folder such as `{userId}/`), only the objects whose keys start with it, read
   * without going through the rest (S3's `Prefix`, the folder on disk).
   */
  list(prefix?: string): AsyncIterable<ListedObject>;
}

/** An object as listed: its key, size in bytes and last write. */
export interface ListedObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** Options of `Storage.put`. */
export interface PutOptions {
  /** Exact length of the body in bytes, when known. */
  size?: number;
}

/** Thrown by `read` and `withLocalFile` when the object does not exist. */
export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Storage object not found: ${key}`);
  }
}

/** Thrown by `put` when the key is taken. */
export class ObjectExistsError extends Error {
  constructor(readonly key: string) {
    super(`Storage object exists: ${key}`);
  }
}

/**
 * Audio extension by MIME type: webm, m4a for mp4, mp3 for mpeg, wav, otherwise m4a.
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

let lastKeyTime = 0;

/**
 * `audioKey` with a timestamp (ms) that never repeats in this process, so two uploads of one user
 * in the same millisecond do not collide (objects are never overwritten, a collision would fail).
 */
export function uniqueAudioKey(userId: string, mimeType: string): string {
  lastKeyTime = Math.max(Date.now(), lastKeyTime + 1);
  return audioKey(userId, mimeType, new Date(lastKeyTime));
}

/**
 * True for a key Summy could have made: slash-separated segments of letters, digits, `.`, `_`
 * and `-`, none empty or a dot segment. Keeps request paths from escaping the bucket.
 */
export function isValidObjectKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key
    .split('/')
    .every((s) => /^[A-Za-z0-9._-]+$/.test(s) && s !== '.' && s !== '..' && s.length <= 255);
}

/** MIME type of a stored object by its extension (for playback). */
export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const types: Record<string, string> = {
    webm: 'audio/webm',
    mp3: 'audio/mpeg',
    wav: 'audio/wav',
    m4a: 'audio/mp4',
    mp4: 'video/mp4',
    ogg: 'audio/ogg',
  };
  return types[ext] ?? 'application/octet-stream';
}

/** Prefix of `meetings.audio_url` values that name an object of bucket 'recordings'. */
export const STORED_AUDIO_PREFIX = `${RECORDINGS_BUCKET}/`;

/**
 * The value kept in `meetings.audio_url` for a stored object: `recordings/{key}`. The column holds
 * the object's name, never a signed URL, because signed URLs expire after one hour; the API signs
 * on read (`GET /api/meetings/{id}/audio-url`).
 */
export function storedAudioUrl(key: string): string {
  return STORED_AUDIO_PREFIX + key;
}

/**
 * The object key named by a `meetings.audio_url` value (`recordings/{key}`, or a bare key), or
 * undefined when the value is not a key of ours (for instance an external http(s) URL).
 */
export function keyFromAudioUrl(audioUrl: string | null | undefined): string | undefined {
  if (!audioUrl || /^[a-z][a-z0-9+.-]*:/i.test(audioUrl)) return undefined;
  const key = audioUrl.startsWith(STORED_AUDIO_PREFIX)
    ? audioUrl.slice(STORED_AUDIO_PREFIX.length)
    : audioUrl;
  return isValidObjectKey(key) ? key : undefined;
}
