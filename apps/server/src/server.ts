/**
 * Starts Summy: settings, database (migrated), auth, realtime, HTTP. Used by main.ts and by the
 * tests, which start real servers on free ports.
 */
import type { AppDeps } from './deps.ts';
import { serve, type ServerType } from '@hono/node-server';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, runInArrivalOrder, setDatabaseLog, type DatabaseHandle } from '@summy/db';
import { createApp } from './app.ts';
import { createWorkerApp } from './worker-app.ts';
import { createAuth } from './auth.ts';
import { promoteConfiguredAdmins } from './services/auth/admins.ts';
import type { Env } from './env.ts';
import { startJobs, type Jobs } from './jobs/boss.ts';
import { queueOptions, startWorkers } from './jobs/registry.ts';
import { log, setLogLevel } from './log.ts';
import { enqueueContactsSync } from './services/contacts/enqueue-contacts-sync.ts';
import { startSearchIndexing } from './services/assistant/search-index-job.ts';
import type { SummaryModelResolver } from './pipeline/regenerate-summary.ts';
import { closeModelManager, modelManager } from './models/manager.ts';
import { closeLocalEngines } from './providers/llm/local/provider.ts';
import { configuredTools } from './pipeline/resolve-tools.ts';
import type { ToolResolver } from './pipeline/tools.ts';
import { resolveTextModel } from './providers/llm/catalog.ts';
import { validateSttSettings } from './providers/stt/catalog.ts';
import { startRealtimeHub, type RealtimeHub } from './realtime/hub.ts';
import { startLeftoverSweeps } from './services/meetings/meeting-leftovers.ts';
import { startBackupSocket } from './services/backup/backup-socket.ts';
import { createStorage } from './storage/index.ts';
import { cleanScratch } from './storage/scratch.ts';
import type { Storage } from './storage/types.ts';

/** A running server. `url` is its loopback base URL (no trailing slash). */
export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  realtime: RealtimeHub;
  jobs: Jobs;
  storage: Storage;
  /** Better Auth over this server's database (tests read tokens through it). */
  auth: AppDeps['auth'];
  env: AppDeps['env'];
  close(): Promise<void>;
}

/** Options of `startServer`, for tests and benchmarks. */
export interface ServerOptions {
  /** Providers of the meeting pipeline (default: the configured ones). */
  tools?: ToolResolver;
  /** Text model of summary regenerations (default: the job's model on this server's settings). */
  summaryModel?: SummaryModelResolver;
  /** Whether this process works jobs (default true). */
  workers?: boolean;
  /** pg-boss monitor interval: how soon a dead worker's job is retried (default 5 s). */
  monitorIntervalSeconds?: number;
  /**
   * Whether this process works the contacts sync jobs and keeps their 30-minute schedule (default
   * true when `workers` is). The test harness turns it off unless a test asks: a background sync
   * would add Google calls to other tests' counts of the fake's requests.
   */
  contactsSync?: boolean;
}

/**
 * The start-up before any work: logging, settings checks, crash leftovers removed, the database
 * opened (unless given) and migrated, the configured admins promoted.
 * @throws ConfigurationError when the selected speech-to-text provider lacks a setting
 * @throws DataDirLockedError when another process has the embedded database open
 */
async function prepareDatabase(env: Env, database?: DatabaseHandle): Promise<DatabaseHandle> {
  setLogLevel(env.logLevel);
  // The database client's connection trouble goes to the same JSON lines.
  setDatabaseLog(log);
  validateSttSettings(env);
  // Temporary audio that a crashed process left.
  const leftovers = await cleanScratch(env.dataDir);
  if (leftovers > 0)
    log.info({ folders: leftovers }, '[server] removed temporary folders of stopped servers');
  const db =
    database ??
    (await openDatabase({
      databaseUrl: env.databaseUrl,
      pgliteDir: path.join(env.dataDir, 'pglite'),
      holder: 'the Summy server',
    }));
  await db.migrate();
  await promoteConfiguredAdmins(db.db, env.admins);
  // Failed archives and crash leftovers of model downloads; paused downloads stay.
  await modelManager(env)
    .cleanPartials()
    .catch((err: unknown) => log.warn({ err }, '[models] could not clean the partial downloads'));
  return db;
}

/**
 * Opens the database named by `env` (PGlite under `dataDir/pglite` unless `databaseUrl`),
 * applies migrations, starts the job workers, and listens on `env.port` (0 picks a free port).
 * @param database an already open database to use instead (tests share one per file)
 * @throws ConfigurationError when the selected speech-to-text provider lacks a setting
 * @throws DataDirLockedError when another process has the embedded database open
 */
export async function startServer(
  env: Env,
  database?: DatabaseHandle,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const db = await prepareDatabase(env, database);
  const realtime = await startRealtimeHub(db);
  const jobs = await startJobs(db, {
    queues: queueOptions(),
    monitorIntervalSeconds: options.monitorIntervalSeconds,
  });
  const auth = createAuth(env, db.db, {
    onGoogleConnected: (userId) =>
      void enqueueContactsSync(jobs, userId).catch((err: unknown) =>
        log.warn({ err, userId }, '[contacts] could not queue the sync on connect'),
      ),
  });
  const storage = createStorage(env);
  const deps = { env, database: db, auth, realtime, jobs, storage };
  const { role } = env.process;
  // Files of deleted meetings that a failed or interrupted deletion left: background work, which
  // a web process leaves to the workers.
  const stopSweeps = role === 'web' ? async () => {} : startLeftoverSweeps(deps);
  // PGlite allows one process: `summy backup` asks this one (docs/decisions/061-backup-and-restore.md).
  const stopBackupSocket = db.kind === 'pglite' ? await startBackupSocket(deps) : async () => {};
  let stopIndexing = async () => {};
  let working: string[] = [];
  // A web process enqueues jobs and streams their events; workers (SUMMY_ROLE=worker) run them.
  if (role !== 'web' && options.workers !== false) {
    // The search index listeners start before the workers, as they did before the job registry:
    // tests that snapshot a user's rows rely on the index job's timing that this order gives.
    stopIndexing = await startSearchIndexing(db, jobs);
    working = await startWorkers(
      {
        ...deps,
        resolveTools: options.tools ?? configuredTools(env, db.db),
        resolveModel: options.summaryModel ?? ((job) => resolveTextModel(job.model, env)),
      },
      { skip: options.contactsSync === false ? ['contacts.sync', 'contacts.sync-all'] : [] },
    );
  }
  const app = role === 'worker' ? createWorkerApp(deps, working) : createApp(deps, working);
  const server: ServerType = await new Promise((resolve) => {
    // Each request's database work queues by the request's arrival (PGlite: first come, first served).
    const fetch: typeof app.fetch = (...args) =>
      runInArrivalOrder(performance.now(), () => app.fetch(...args));
    const s = serve({ fetch, port: env.port, hostname: env.host }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    database: db,
    realtime,
    jobs,
    storage,
    auth,
    env,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // SSE streams keep sockets open; end them so close() returns.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await stopSweeps();
      await stopBackupSocket();
      await stopIndexing();
      // Model downloads stop too; their partial files stay for a resume.
      await closeModelManager(env);
      await jobs.stop();
      // The local language model's worker ends with the server (it unloads when idle anyway).
      await closeLocalEngines();
      await realtime.close();
      if (!database) await db.close();
    },
  };
}
