/** The Hono context shared by Summy's routes. */
import type { DatabaseHandle } from '@summy/db';
import type { Auth } from '../auth.ts';
import type { Env } from '../env.ts';
import type { Jobs } from '../jobs/boss.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { Storage } from '../storage/types.ts';

/** What the server is built from; tests build it with their own database. */
export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  auth: Auth;
  realtime: RealtimeHub;
  jobs: Jobs;
  storage: Storage;
}

/**
 * Hono environment: `userId` is set by the session middleware on protected routes;
 * `clientAddress` by http/client-address.ts on /api/auth/*.
 */
export interface AppEnv {
  Variables: { userId: string; userEmail: string; clientAddress: string };
}
