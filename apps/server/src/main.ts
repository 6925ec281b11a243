/** Summy's entry point: `npm start` runs this after building the web app. */
import { existsSync } from 'node:fs';
import { DataDirLockedError } from '@summy/db';
import { ConfigurationError, loadEnv } from './env.ts';
import { chooseLogFormat, log, setLogFormat } from './log.ts';
import { startServer } from './server.ts';
import { setupNotes } from './setup-notes.ts';

try {
  // Settings may live in ./.env (see .env.example); the real environment wins.
  if (existsSync('.env')) process.loadEnvFile('.env');
  // Readable lines on a terminal, JSON for a file or a collector (LOG_FORMAT overrides). Chosen
  // before the other settings are read, so that a refusal to start reads well too; loadEnv then
  // refuses a LOG_FORMAT it does not know.
  await setLogFormat(chooseLogFormat(process.env.LOG_FORMAT, process.stdout.isTTY === true));
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
  // Ctrl-C or a service manager's stop: finish what is under way, close, and say so.
  const stop = async (signal: NodeJS.Signals) => {
    log.info({ signal }, 'Summy is stopping');
    await server.close();
    log.info({ signal }, 'Summy stopped');
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
