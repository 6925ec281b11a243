/** A test server that installs speech and text models from a loopback mirror of the tiny ones. */
import path from 'node:path';
import {
  startModelServer,
  writeTinyModels,
  type ModelServer,
  type TinyModelOptions,
} from '@summy/fakes/models';
import type { RunningServer } from '../src/server.ts';
import { startTestServer } from './harness.ts';

/** A test server with no model installed, whose downloads come from a loopback mirror. */
export interface ServerWithModelMirror {
  server: RunningServer;
  mirror: ModelServer;
  /** Closes the server, then the mirror even when closing the server (its PGlite thread) threw. */
  close(): Promise<void>;
}

/**
 * Writes the tiny models (with `options`) under `root/mirror`, serves them from a loopback mirror,
 * and starts a test server that installs into `root/models` from it: PocketSphinx until a test
 * downloads a model (`downloadModel` in tiny-models.ts).
 */
export async function startServerWithModelMirror(
  root: string,
  options?: TinyModelOptions,
): Promise<ServerWithModelMirror> {
  const tiny = await writeTinyModels(path.join(root, 'mirror'), options);
  const mirror = await startModelServer(tiny.archivesDir);
  try {
    const server = await startTestServer({
      SUMMY_MODELS_DIR: path.join(root, 'models'),
      MODELS_CATALOG: tiny.catalogFile,
      MODELS_BASE_URL: mirror.url,
    });
    const close = async () => {
      try {
        await server.close();
      } finally {
        await mirror.close();
      }
    };
    return { server, mirror, close };
  } catch (err) {
    await mirror.close();
    throw err;
  }
}
