/**
 * The dependency bag: what the server, the job workers and the CLI are built from. Services take
 * it (or the parts they need) as an argument; tests build it over their own database. It holds
 * types only, so every layer may import it.
 */
import type { DatabaseHandle } from '@summy/db';
import type { Auth } from './auth.ts';
import type { Env } from './env.ts';
import type { Jobs } from './jobs/boss.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import type { Storage } from './storage/types.ts';

/** What the server is built from; tests build it with their own database. */
export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  auth: Auth;
  realtime: RealtimeHub;
  jobs: Jobs;
  storage: Storage;
}
