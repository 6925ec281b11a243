/**
 * The server's state for Settings > Administration: its version, database (kind, migrations),
 * storage (kind, objects, bytes), job queues (jobs waiting, running, failed) and installed models.
 */
import type { ServerState } from '@summy/core';
import { knownMigrations } from '@summy/db';
import serverPackage from '../../../package.json' with { type: 'json' };
import type { AppDeps } from '../../deps.ts';
import { modelManager } from '../../models/manager.ts';
import { readStorageUsage } from './storage-usage.ts';

/**
 * Reads the state. Queue counts are pg-boss's (`queued` includes jobs deferred to later; `failed`
 * those its retention still keeps).
 * @throws ConfigurationError when MODELS_CATALOG is invalid
 */
export async function readServerState({
  env,
  database,
  jobs,
  storage,
}: Pick<AppDeps, 'env' | 'database' | 'jobs' | 'storage'>): Promise<ServerState> {
  const [applied, known, queues, usage, models] = await Promise.all([
    database.appliedMigrations(),
    knownMigrations(),
    jobs.boss.getQueues(),
    readStorageUsage(storage),
    modelManager(env).listStatuses(),
  ]);
  return {
    version: serverPackage.version,
    database: {
      kind: database.kind,
      migrations: {
        applied: applied.length,
        pending: known.filter((m) => !applied.includes(m)),
      },
    },
    storage: { kind: storage.kind, objects: usage.objects, bytes: usage.bytes },
    // pg-boss's own internal queues ('__pgboss__send-it') are no concern of an administrator.
    queues: queues
      .filter((q) => !q.name.startsWith('__pgboss'))
      .map((q) => ({
        name: q.name,
        queued: q.queuedCount,
        active: q.activeCount,
        failed: q.failedCount,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    models: models
      .filter((m) => m.state === 'installed')
      .map((m) => ({ id: m.id, name: m.name, kind: m.kind, sizeBytes: m.sizeBytes })),
  };
}
