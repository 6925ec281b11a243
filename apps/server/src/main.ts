/** Summy's entry point: `npm start` runs this after building the web app. */
import { existsSync } from 'node:fs';
import { DataDirLockedError } from '@summy/db';
import { ConfigurationError, loadEnv } from './env.ts';
import { log } from './log.ts';
import { startServer } from './server.ts';
import { setupNotes } from './setup-notes.ts';

try {
  // Settings may live in ./.env (see .env.example); the real environment wins.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = loadEnv();
  const server = await startServer(env);
  const pglite = server.database.kind === 'pglite';
  const { role } = env.process;
  log.info(
    {
      url: env.publicUrl,
      role,
      database: server.database.kind,
      ...(pglite ? { dataDir: env.dataDir } : {}),
    },
    role === 'worker'
      ? `Summy worker is running (${server.url}/api/health)`
      : `Summy is running at ${env.publicUrl}`,
  );
  for (const note of setupNotes(env)) log.info({ setup: true }, `[setup] ${note}`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  // A second server on one embedded database would destroy it: the lock refused it.
  if (err instanceof ConfigurationError || err instanceof DataDirLockedError) {
    log.fatal(`Summy cannot start. ${err.message}`);
    process.exit(1);
  }
  throw err;
}
