/**
 * Reads the storage key out of a signed URL of a stored recording, so the async job reads the
 * object from Summy's own storage by key and never fetches a URL it was given (no SSRF). Pure.
 */
import type { Env } from '../../env.ts';

/** Path of signed local-storage URLs: `/api/storage/recordings/<key>?expires=&signature=`. */
export const LOCAL_RECORDINGS_PATH = '/api/storage/recordings/';

/** A key, or why the URL is refused. */
export type RecordingUrlParse = { key: string } | { error: string };

// Keys are `{userId}/{timestamp}-meeting-audio.{ext}`: plain segments only, so no '..', no
// empty segment, no encoded slash or backslash can reach the storage layer.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The storage key named by a signed URL that Summy's storage issued, when it belongs to `userId`.
 * Accepted: `{PUBLIC_URL}/api/storage/recordings/<key>?expires=…&signature=…` (or the same path
 * without origin), and with S3 storage the presigned object URL (path-style
 * `{endpoint}/{bucket}/<key>` or virtual-hosted `{bucket}.{host}/<key>`, with `X-Amz-Signature`).
 * The key must start with the user's id. An expired URL, or a local one whose signature
 * `verifyLocal` rejects, is refused.
 * @param now current time in ms (tests)
 */
export function recordingKeyFromUrl(
  fileUrl: string,
  userId: string,
  options: RecordingUrlOptions,
): RecordingUrlParse {
  const refused = {
    error: 'fileUrl must be a signed storage URL of one of your recordings',
  } as const;
  let url: URL;
  try {
    url = new URL(fileUrl, options.publicUrl);
  } catch {
    return refused;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refused;
  if (url.username || url.password) return refused;
  const now = options.now ?? Date.now();

  const signed = signedKeyPath(url, options);
  if (!signed) return refused;
  const { expiresAt, local } = signed;
  if (expiresAt !== undefined && expiresAt < now) {
    return { error: 'The signed URL has expired; ask for a new one' };
  }
  const key = userKey(signed.keyPath, userId);
  if (key === undefined) return refused;
  if (local && options.verifyLocal && !options.verifyLocal(key, local.expires, local.signature)) {
    return refused;
  }
  return { key };
}

/** Options of {@link recordingKeyFromUrl}. */
export interface RecordingUrlOptions {
  publicUrl: string;
  s3?: Env['s3'];
  /** Checks a local URL's signature (storage/signing.ts `UrlSigner.verify`). */
  verifyLocal?: (key: string, expires: string, signature: string) => boolean;
  now?: number;
}

/** The key's path in a signed URL (still percent-encoded), its expiry and a local signature. */
interface SignedPath {
  keyPath: string;
  /** ms since the epoch; undefined when an S3 URL does not say. */
  expiresAt: number | undefined;
  local?: { expires: string; signature: string };
}

// A local URL on Summy's own origin, else an S3 presigned one; undefined for any other.
function signedKeyPath(url: URL, options: RecordingUrlOptions): SignedPath | undefined {
  if (url.origin === new URL(options.publicUrl).origin) return localKeyPath(url);
  if (!options.s3) return undefined;
  const found = s3KeyPath(url, options.s3);
  if (found === undefined || !url.searchParams.get('X-Amz-Signature')) return undefined;
  return { keyPath: found, expiresAt: amzExpiry(url.searchParams) };
}

function localKeyPath(url: URL): SignedPath | undefined {
  if (!url.pathname.startsWith(LOCAL_RECORDINGS_PATH)) return undefined;
  const expires = url.searchParams.get('expires');
  const signature = url.searchParams.get('signature');
  if (!expires || !signature) return undefined;
  const n = Number(expires);
  if (!Number.isFinite(n)) return undefined;
  return {
    keyPath: url.pathname.slice(LOCAL_RECORDINGS_PATH.length),
    // Seconds or milliseconds since the epoch, whichever the signer used.
    expiresAt: n < 1e12 ? n * 1000 : n,
    local: { expires, signature },
  };
}

// The decoded key when its segments are plain and the first is the user's id (a leading
// 'recordings/' is dropped); undefined otherwise.
function userKey(keyPath: string, userId: string): string | undefined {
  let segments: string[];
  try {
    segments = keyPath.split('/').map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
  if (segments[0] === 'recordings' && segments[1] === userId) segments = segments.slice(1);
  if (segments.length < 2 || !segments.every((s) => SEGMENT.test(s))) return undefined;
  if (segments[0] !== userId) return undefined;
  return segments.join('/');
}

function s3KeyPath(url: URL, s3: NonNullable<Env['s3']>): string | undefined {
  const endpointHost = s3.endpoint
    ? new URL(s3.endpoint).host
    : url.host.endsWith('.amazonaws.com')
      ? url.host.replace(/^[^.]*\.(?=s3[.-])/, '')
      : undefined;
  if (!endpointHost) return undefined;
  if (url.host === endpointHost && url.pathname.startsWith(`/${s3.bucket}/`)) {
    return url.pathname.slice(s3.bucket.length + 2);
  }
  if (url.host === `${s3.bucket}.${endpointHost}`) return url.pathname.slice(1);
  return undefined;
}

// SigV4 presigned URLs carry X-Amz-Date (YYYYMMDDTHHMMSSZ) and X-Amz-Expires (seconds).
function amzExpiry(params: URLSearchParams): number | undefined {
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(
    params.get('X-Amz-Date') ?? '',
  );
  const seconds = Number(params.get('X-Amz-Expires'));
  if (!date || !Number.isFinite(seconds)) return undefined;
  const [, y, mo, d, h, mi, s] = date.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) + seconds * 1000;
}
