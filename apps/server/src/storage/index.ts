/**
 * Chooses the storage backend from the settings: S3-compatible when S3_BUCKET is set, else local
 * disk under `{dataDir}/storage` (local disk by default, S3 by configuration).
 */
import path from 'node:path';
import type { Env } from '../env.ts';
import { createLocalStorage } from './local.ts';
import { scratchDir } from './scratch.ts';
import { createUrlSigner } from './signing.ts';
import type { Storage } from './types.ts';

/**
 * Creates the configured storage backend. Local signed URLs are signed with a key derived from
 * `env.authSecret` and point at `{env.publicUrl}/api/storage/recordings/{key}`.
 */
export function createStorage(env: Env): Storage {
  if (env.s3) return lazyS3(env.s3, scratchDir(env.dataDir));
  return createLocalStorage({
    root: path.join(env.dataDir, 'storage'),
    publicUrl: env.publicUrl,
    signer: createUrlSigner(env.authSecret),
  });
}

/**
 * The S3 backend, loaded on first use: the AWS SDK costs about 28 MB of memory, which a server on
 * local storage should not pay (the memory budget is under 250 MB while receiving an upload;
 * docs/performance.md).
 */
function lazyS3(s3: NonNullable<Env['s3']>, tmpDir: string): Storage {
  let backend: Promise<Storage> | undefined;
  const load = () =>
    (backend ??= import('./s3.ts').then(({ createS3Storage }) => createS3Storage({ s3, tmpDir })));
  return {
    kind: 's3',
    put: async (...args) => (await load()).put(...args),
    stat: async (key) => (await load()).stat(key),
    read: async (...args) => (await load()).read(...args),
    withLocalFile: async (key, fn) => (await load()).withLocalFile(key, fn),
    signedUrl: async (...args) => (await load()).signedUrl(...args),
    delete: async (key) => (await load()).delete(key),
    list: async function* (prefix) {
      yield* (await load()).list(prefix);
    },
  };
}
