/**
 * Chooses the storage backend from the settings: S3-compatible when S3_BUCKET is set, else local
 * disk under `{dataDir}/storage` (DESIGN.md "Stack": local disk by default, S3 by configuration).
 */
import path from 'node:path';
import type { Env } from '../env.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import { createUrlSigner } from './signing.ts';
import type { Storage } from './types.ts';

/**
 * Creates the configured storage backend. Local signed URLs are signed with a key derived from
 * `env.authSecret` and point at `{env.publicUrl}/api/storage/recordings/{key}`.
 */
export function createStorage(env: Env): Storage {
  if (env.s3) return createS3Storage({ s3: env.s3, tmpDir: path.join(env.dataDir, 'tmp') });
  return createLocalStorage({
    root: path.join(env.dataDir, 'storage'),
    publicUrl: env.publicUrl,
    signer: createUrlSigner(env.authSecret),
  });
}
