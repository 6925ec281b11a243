/**
 * Starts Summy: settings, database (migrated), auth, realtime, HTTP. Used by main.ts and by the
 * tests, which start real servers on free ports.
 */
import { serve, type ServerType } from '@hono/node-server';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '@summy/db';
import { createApp } from './app.ts';
import { createAuth } from './auth.ts';
import type { Env } from './env.ts';
import { startJobs, type Jobs } from './jobs/boss.ts';
import { startRealtimeHub, type RealtimeHub } from './realtime/hub.ts';
import { createStorage } from './storage/index.ts';
import type { Storage } from './storage/types.ts';

/** A running server. `url` is its loopback base URL (no trailing slash). */
export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  realtime: RealtimeHub;
  jobs: Jobs;
  storage: Storage;
  close(): Promise<void>;
}

/**
 * Opens the database named by `env` (PGlite under `dataDir/pglite` unless `databaseUrl`),
 * applies migrations, and listens on `env.port` (0 picks a free port).
 * @param database an already open database to use instead (tests share one per file)
 */
export async function startServer(env: Env, database?: DatabaseHandle): Promise<RunningServer> {
  const db =
    database ??
    (await openDatabase({
      databaseUrl: env.databaseUrl,
      pgliteDir: path.join(env.dataDir, 'pglite'),
    }));
  await db.migrate();
  const realtime = await startRealtimeHub(db);
  const jobs = await startJobs(db);
  const auth = createAuth(env, db.db);
  const storage = createStorage(env);
  const app = createApp({ env, database: db, auth, realtime, jobs, storage });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, () => resolve(s));
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
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // SSE streams keep sockets open; end them so close() returns.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await jobs.stop();
      await realtime.close();
      if (!database) await db.close();
    },
  };
}
