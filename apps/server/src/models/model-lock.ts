/**
 * A lock per model in the models folder, shared by every process that uses the folder (a web
 * and a worker process on one host, or machines on one network share): only the holder downloads,
 * extracts or removes that model, and a process starting up leaves the holder's partial files
 * alone. The lock is a directory `<modelsDir>/.locks/<id>.lock` made by proper-lockfile (mkdir is
 * atomic, on NFS too) whose mtime the holder refreshes; a holder killed with SIGKILL stops
 * refreshing it and the lock is taken over once it is {@link MODEL_LOCK_STALE_MS} old.
 * docs/decisions/063-process-roles.md.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lockfile from 'proper-lockfile';
import type { Env } from '../env.ts';
import { log } from '../log.ts';

/**
 * Milliseconds after which a lock whose holder stopped refreshing it is taken over. Long enough
 * that an event loop busy hashing a large archive never loses its lock, short enough that a
 * killed holder delays the next download by a minute at most.
 */
export const MODEL_LOCK_STALE_MS = 60_000;

/** How often the holder refreshes the lock's mtime (ms). */
const UPDATE_MS = 10_000;

/** How often a waiting process tries the lock again (ms). */
const RETRY_MS = 500;

/** The lock's target path; proper-lockfile makes the directory `<target>.lock` beside it. */
function lockTarget(env: Pick<Env, 'modelsDir'>, id: string): string {
  return path.join(env.modelsDir, '.locks', id);
}

/** Releases a held model lock; a second call does nothing. */
export type ReleaseModelLock = () => Promise<void>;

/**
 * Takes the model's lock, waiting while another process holds it.
 * @param onWait called on every try that finds the lock held by someone else (to report what
 *   the holder's download has reached)
 * @param onLost called when the lock was taken from this process (its refresh failed, or it went
 *   stale); the holder must stop writing the model's files
 * @throws the signal's reason when `signal` aborts while waiting
 */
export async function lockModel(
  env: Pick<Env, 'modelsDir'>,
  id: string,
  options: { signal?: AbortSignal; onWait?: () => Promise<void>; onLost?: (err: Error) => void },
): Promise<ReleaseModelLock> {
  const target = lockTarget(env, id);
  await mkdir(path.dirname(target), { recursive: true });
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      const release = await lockfile.lock(target, {
        realpath: false,
        stale: MODEL_LOCK_STALE_MS,
        update: UPDATE_MS,
        // proper-lockfile's default throws from a timer, which would end the process.
        onCompromised: (err) => {
          log.warn({ err, model: id }, '[models] lost the lock of a model');
          options.onLost?.(err);
        },
      });
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await release().catch((err: unknown) =>
          log.warn({ err, model: id }, '[models] releasing the lock of a model failed'),
        );
      };
    } catch (err) {
      if ((err as { code?: string }).code !== 'ELOCKED') throw err;
      await options.onWait?.();
      await sleep(RETRY_MS, undefined, { signal: options.signal });
    }
  }
}

/**
 * Whether a process holds the model's lock now (this one included). A stale lock, whose holder
 * died, counts as free.
 */
export async function isModelLocked(env: Pick<Env, 'modelsDir'>, id: string): Promise<boolean> {
  return lockfile
    .check(lockTarget(env, id), { realpath: false, stale: MODEL_LOCK_STALE_MS })
    .catch(() => false);
}
