/** Chooses the storage backend from the settings: S3-compatible when S3_BUCKET is set, else local disk. */
import type { Env } from '../env.ts';
import type { Storage } from './types.ts';

/** Creates the configured storage backend. */
export function createStorage(_env: Env): Storage {
  const missing = () => Promise.reject(new Error('storage is not implemented yet'));
  return {
    kind: 'local',
    put: missing,
    stat: missing,
    read: missing,
    withLocalFile: missing,
    signedUrl: missing,
  };
}
