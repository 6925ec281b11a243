/**
 * S3-compatible storage of recordings (AWS S3, MinIO, Garage, R2...), chosen when S3_BUCKET is set.
 * Objects of bucket 'recordings' are stored in the configured bucket under the prefix
 * `recordings/`, so the bucket can hold other things later.
 *
 * Wire behaviour, from the S3 API reference:
 * - PutObject with `If-None-Match: *` (conditional writes, 2024) answers 412 PreconditionFailed
 *   when the key exists, and 409 ConditionalRequestConflict when a concurrent write wins: both
 *   mean "never overwrite" and become `ObjectExistsError`. A PutObject is atomic by itself.
 * - A streamed PutObject needs `Content-Length` (no multipart here: @aws-sdk/lib-storage is not
 *   installed and 100 MB fits one PutObject's 5 GB limit), so a body of unknown length is first
 *   spooled to a temporary file under `{dataDir}/tmp`.
 * - Flexible checksums are sent only when an operation requires them: the SDK's default since
 *   3.729 (aws-chunked bodies with CRC32 trailers) is refused by several S3-compatible servers.
 * - Signed URLs are SigV4 query-presigned GetObject URLs (@aws-sdk/s3-request-presigner).
 * - DeleteObject answers 204 whether or not the key exists; ListObjectsV2 pages by 1,000 keys
 *   with a continuation token.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Env } from '../env.ts';
import {
  contentTypeForKey,
  isValidObjectKey,
  ObjectExistsError,
  ObjectNotFoundError,
  RECORDINGS_BUCKET,
  SIGNED_URL_TTL_S,
  type Storage,
} from './types.ts';

/** Settings of the S3 backend. */
export interface S3StorageOptions {
  /** The S3 settings of `Env` (S3_BUCKET, S3_REGION, S3_ENDPOINT, credentials, path style). */
  s3: NonNullable<Env['s3']>;
  /** Folder for temporary files (bodies of unknown length, `withLocalFile` downloads). */
  tmpDir: string;
}

/** HTTP status of an SDK error, when it came from the server. */
function statusOf(err: unknown): number | undefined {
  if (err instanceof S3ServiceException) return err.$metadata.httpStatusCode;
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

/** The bucket and its client. */
interface S3Bucket {
  client: S3Client;
  Bucket: string;
}

/** The client of the configured endpoint; checksums only where an operation requires them. */
function createClient(s3: S3StorageOptions['s3']): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    // Without explicit keys the SDK's default chain applies (env, profile, instance role).
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * The object key of a storage key, under the recordings prefix.
 * @throws ObjectNotFoundError for an invalid key (no object can have it)
 */
function objectKey(key: string): string {
  if (!isValidObjectKey(key)) throw new ObjectNotFoundError(key);
  return `${RECORDINGS_BUCKET}/${key}`;
}

/**
 * Stores `body` of `size` bytes, never over an existing object; the body is destroyed either way.
 * @throws ObjectExistsError when the key exists (412, or 409 for a concurrent write)
 */
async function putObject(
  { client, Bucket }: S3Bucket,
  key: string,
  body: Readable,
  contentType: string,
  size: number,
) {
  try {
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: objectKey(key),
        Body: body,
        ContentLength: size,
        ContentType: contentType,
        IfNoneMatch: '*',
      }),
    );
  } catch (err) {
    const status = statusOf(err);
    if (status === 412 || status === 409) throw new ObjectExistsError(key);
    throw err;
  } finally {
    body.destroy();
  }
  return { key, size, contentType };
}

/**
 * The object's bytes (`range`: inclusive byte offsets), as a stream.
 * @throws ObjectNotFoundError when there is no such object
 */
async function readObject(
  { client, Bucket }: S3Bucket,
  key: string,
  range?: { start: number; end: number },
): Promise<Readable> {
  try {
    const out = await client.send(
      new GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return out.Body as Readable;
  } catch (err) {
    if (statusOf(err) === 404) throw new ObjectNotFoundError(key);
    throw err;
  }
}

/** Creates the S3-compatible backend. */
export function createS3Storage({ s3, tmpDir }: S3StorageOptions): Storage {
  const client = createClient(s3);
  const Bucket = s3.bucket;
  const bucket: S3Bucket = { client, Bucket };
  const putKnownLength = (key: string, body: Readable, contentType: string, size: number) =>
    putObject(bucket, key, body, contentType, size);
  const read = (key: string, range?: { start: number; end: number }) =>
    readObject(bucket, key, range);
  const tempFile = async () => {
    await fs.mkdir(tmpDir, { recursive: true });
    return path.join(tmpDir, `s3-${randomUUID()}`);
  };

  const download = async (key: string, file: string) => {
    const body = await read(key);
    await pipeline(body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  };

  return {
    kind: 's3',

    async put(key, body, contentType, options = {}) {
      if (!isValidObjectKey(key)) throw new Error(`Invalid storage key: ${key}`);
      if (options.size !== undefined) return putKnownLength(key, body, contentType, options.size);
      const spooled = await tempFile();
      try {
        await pipeline(body, createWriteStream(spooled, { flags: 'wx', mode: 0o600 }));
        const { size } = await fs.stat(spooled);
        return await putKnownLength(key, createReadStream(spooled), contentType, size);
      } finally {
        await fs.rm(spooled, { force: true });
      }
    },

    async stat(key) {
      if (!isValidObjectKey(key)) return undefined;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return {
          key,
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? contentTypeForKey(key),
        };
      } catch (err) {
        if (statusOf(err) === 404) return undefined;
        throw err;
      }
    },

    read,

    async withLocalFile(key, fn) {
      const file = await tempFile();
      try {
        await download(key, file);
        return await fn(file);
      } finally {
        await fs.rm(file, { force: true });
      }
    },

    async delete(key) {
      if (!isValidObjectKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async *list(only = '') {
      const prefix = `${RECORDINGS_BUCKET}/`;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix + only, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) {
          const key = o.Key?.slice(prefix.length) ?? '';
          if (!isValidObjectKey(key)) continue;
          yield { key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    signedUrl(key, ttlSeconds = SIGNED_URL_TTL_S) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: objectKey(key) }), {
        expiresIn: ttlSeconds,
      });
    },
  };
}
