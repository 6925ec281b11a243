/**
 * Summy's command line: `npm run summy -- import <files...> --user <email>`, and
 * `npm run summy -- models list|pull <id>|remove <id>` (local speech models, cli/models.ts), and
 * `npm run summy -- demo --user <email>` (demo meetings from real transcripts, cli/demo.ts), and
 * `npm run summy -- admin|invite list|add|remove` (administrators and sign-up invitations,
 * cli/accounts.ts), `npm run summy -- user list|disable|enable|delete` (cli/users.ts), and `npm run summy -- backup|restore <file>` (cli/backup.ts).
 * Uses the same settings as the server (DATA_DIR, DATABASE_URL, providers). The embedded PGlite
 * database allows one process at a time: while a server has it open, `import`, `demo`, `admin`,
 * `invite` and `user` refuse and name the server's process (`models` does not open the database; `backup`
 * asks the running server for the archive).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { openDatabase } from '@summy/db';
import { ConfigurationError, loadEnv, type Env } from '../env.ts';
import { startJobs } from '../jobs/boss.ts';
import { startQueueWorker } from '../jobs/queue.ts';
import { meetingProcessQueue } from '../jobs/queues/meeting-process.ts';
import { queueOptions } from '../jobs/registry.ts';
import { configuredTools } from '../pipeline/resolve-tools.ts';
import { validateSttSettings } from '../providers/stt/catalog.ts';
import { createStorage } from '../storage/index.ts';
import { cleanScratch, scratchDir } from '../storage/scratch.ts';
import { ACCOUNTS_USAGE, runAccountsCommand } from './accounts.ts';
import { BACKUP_USAGE, runBackupCommand } from './backup.ts';
import { DEMO_USAGE, parseDemoArgs, runDemoCommand } from './demo.ts';
import { importFiles } from './import-files.ts';
import { setLogDestination } from '../log.ts';
import { MODELS_USAGE, runModelsCommand } from './models.ts';
import { runUserCommand, USERS_USAGE } from './users.ts';

const USAGE = [
  'Usage: npm run summy -- import <files...> --user <email>',
  ...[...MODELS_USAGE, DEMO_USAGE, ...ACCOUNTS_USAGE, USERS_USAGE, ...BACKUP_USAGE].map(
    (l) => `       ${l}`,
  ),
].join('\n');

async function main(argv: string[]): Promise<number> {
  // stdout carries the command's own output; the services' JSON log lines go to stderr.
  setLogDestination(process.stderr);
  return (await runSubcommand(argv)) ?? runImport(argv);
}

/** The commands other than `import`: their exit code, or undefined for none of them. */
async function runSubcommand(argv: string[]): Promise<number | undefined> {
  if (argv[0] === 'models') {
    if (existsSync('.env')) process.loadEnvFile('.env');
    return runModelsCommand(loadEnv(), argv.slice(1));
  }
  if (argv[0] === 'backup' || argv[0] === 'restore') {
    if (existsSync('.env')) process.loadEnvFile('.env');
    // A restore writes the archived server's secret, or none: not one generated now.
    return runBackupCommand(loadEnv(process.env, { saveSecret: argv[0] !== 'restore' }), argv);
  }
  if (argv[0] === 'admin' || argv[0] === 'invite' || argv[0] === 'user') {
    if (existsSync('.env')) process.loadEnvFile('.env');
    const env = loadEnv();
    const database = await openConfiguredDatabase(env, `summy ${argv[0]}`);
    try {
      if (argv[0] === 'user') {
        return await runUserCommand({ db: database.db, storage: createStorage(env) }, argv);
      }
      return await runAccountsCommand(database.db, env, argv);
    } finally {
      await database.close();
    }
  }
  if (argv[0] === 'demo') {
    const options = parseDemoArgs(argv.slice(1));
    if (!options || options === 'help') {
      console.error(USAGE);
      return options ? 0 : 2;
    }
    if (existsSync('.env')) process.loadEnvFile('.env');
    const env = loadEnv();
    const database = await openConfiguredDatabase(env, 'summy demo');
    try {
      return await runDemoCommand({ database, storage: createStorage(env), env }, options);
    } finally {
      await database.close();
    }
  }
  return undefined;
}

/** `import <files...> --user <email>`: transcribes files as the user's meetings; the exit code. */
async function runImport(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { user: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, ...files] = positionals;
  if (values.help || command !== 'import' || files.length === 0 || !values.user) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = loadEnv();
  validateSttSettings(env);
  const database = await openConfiguredDatabase(env, 'summy import');
  await cleanScratch(env.dataDir);
  const jobs = await startJobs(database, { queues: queueOptions() });
  const storage = createStorage(env);
  // Imported meetings reach the user's webhooks too; the server's worker sends them.
  await startQueueWorker(jobs, meetingProcessQueue, {
    database,
    storage,
    jobs,
    env,
    resolveTools: configuredTools(env, database.db),
  });

  const bar = new cliProgress.SingleBar(
    {
      format: ' {bar} {value}/{total} files | {file}: {label}',
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(files.length, 0, { file: '', label: '' });
  try {
    const results = await importFiles(
      { database, storage, jobs, tmpDir: scratchDir(env.dataDir) },
      values.user,
      files,
      (p) => {
        bar.update(p.label === 'Done' ? p.index + 1 : p.index, {
          file: path.basename(p.file),
          label: p.label,
        });
      },
    );
    bar.stop();
    for (const r of results) {
      if (r.ok) {
        console.log(
          `${r.meetingId}  ${r.title}  ${formatDuration(r.durationMinutes)}  (${r.file})`,
        );
      } else {
        console.error(`failed  ${r.file}: ${r.error}`);
      }
    }
    return results.every((r) => r.ok) ? 0 : 1;
  } finally {
    bar.stop();
    await jobs.stop();
    await database.close();
  }
}

/**
 * The server's database (DATABASE_URL, else PGlite under DATA_DIR), migrated.
 * @throws DataDirLockedError while a server (or another command) has the PGlite folder open
 */
async function openConfiguredDatabase(env: Env, holder: string) {
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    pgliteDir: path.join(env.dataDir, 'pglite'),
    holder,
  });
  await database.migrate();
  return database;
}

/** mm:ss of a duration in minutes. */
function formatDuration(minutes: number): string {
  const total = Math.round(minutes * 60);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof ConfigurationError
        ? `Summy cannot start. ${err.message}`
        : `summy: ${(err as Error).message}`,
    );
    process.exit(1);
  },
);
