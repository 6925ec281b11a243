/**
 * `summy backup` and `summy restore` (docs/decisions/061-backup-and-restore.md): a backup taken
 * while a server runs (on PGlite through the server's socket) restores into a fresh data folder or
 * database and storage, and a server started there answers the same meetings, transcripts, to-dos,
 * chats, accounts and audio bytes. Damaged, newer-schema archives and non-empty targets are refused
 * and change nothing. Runs on PGlite and on PostgreSQL (vitest.config.ts), local disk and the S3 fake.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, readFile, truncate, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownMigrations, openDatabase } from '@summy/db';
import { startFakeS3, type FakeS3 } from '@summy/fakes/s3';
import { runBackupCommand } from '../src/cli/backup.ts';
import type { Env } from '../src/env.ts';
import { scriptedTools } from './scripted-tools.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import {
  MANIFEST_ENTRY,
  readArchive,
  type BackupManifest,
} from '../src/services/backup/archive.ts';
import { migrateUpTo } from '../src/services/backup/load-database.ts';
import { writeBackup } from '../src/services/backup/write-backup.ts';
import { createStorage } from '../src/storage/index.ts';
import type { Storage } from '../src/storage/types.ts';
import {
  Client,
  createPostgresDatabase,
  openTestDatabase,
  signUp,
  startTestServer,
  testDbKind,
  testEnv,
} from './harness.ts';
import { runSummyCli } from './processes.ts';
import { JFK_WAV, uploadProcessed } from './recordings.ts';

let fakeS3: FakeS3;
let work: string;
beforeAll(async () => {
  fakeS3 = await startFakeS3();
  work = mkdtempSync(path.join(os.tmpdir(), 'summy-backup-'));
});
afterAll(async () => {
  await fakeS3?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs the CLI command in this process; resolves with its exit code and output. */
async function cli(env: Env, args: string[]) {
  let out = '';
  let err = '';
  const code = await runBackupCommand(env, args, {
    out: { write: (s: string) => ((out += s), true) } as NodeJS.WritableStream,
    err: { write: (s: string) => ((err += s), true) } as NodeJS.WritableStream,
  });
  return { code, out, err };
}

/** SHA-256 of every object of a storage, by key. */
async function objectHashes(storage: Storage): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for await (const { key } of storage.list()) {
    const hash = createHash('sha256');
    for await (const chunk of await storage.read(key)) hash.update(chunk as Buffer);
    hashes[key] = hash.digest('hex');
  }
  return hashes;
}

/** What a user sees: meetings with their transcripts, to-dos, chats with their messages. */
async function userView(client: Client) {
  const list = (await client.get('/api/meetings')).body.items as { id: string }[];
  const meetings = [];
  for (const { id } of list) {
    const { audioUrl: _signed, ...meeting } = (await client.get(`/api/meetings/${id}`)).body;
    meetings.push(meeting);
  }
  const chats = (await client.get('/api/chats')).body as { id: string }[];
  const messages = [];
  for (const { id } of chats) messages.push((await client.get(`/api/chats/${id}/messages`)).body);
  return { meetings, todos: (await client.get('/api/todos')).body, chats, messages };
}

/** Rewrites an archive entry by entry through `edit` (which may change an entry's bytes). */
async function repack(
  from: string,
  to: string,
  edit: (entryPath: string, bytes: Buffer) => Buffer,
): Promise<void> {
  const { TarArchive } = await import('archiver');
  const tar = new TarArchive({ gzip: true });
  const out = createWriteStream(to);
  tar.pipe(out);
  await readArchive(from, async ({ path: name, body }) => {
    const bytes = Buffer.concat((await body.collect()) as Buffer[]);
    tar.append(edit(name, bytes), { name });
  });
  await tar.finalize();
  await new Promise<void>((resolve) => out.on('close', () => resolve()));
}

describe.each(['local', 's3'] as const)(
  `backup and restore (%s storage, ${testDbKind})`,
  (backend) => {
    let source: RunningServer;
    let clients: Client[];
    let archive: string;
    let manifest: BackupManifest;
    const storageSettings = (bucket: string): Record<string, string> =>
      backend === 's3'
        ? {
            S3_BUCKET: `${bucket}-${process.pid}`,
            S3_ENDPOINT: fakeS3.endpoint,
            S3_ACCESS_KEY_ID: 'AKIAFAKE',
            S3_SECRET_ACCESS_KEY: 'fake-secret',
          }
        : {};
    /** Settings of an empty target: a new DATA_DIR (and bucket, and database on PostgreSQL). */
    const emptyTarget = async (name: string) =>
      testEnv({
        ...storageSettings(`${backend}-${name}`),
        ...(testDbKind === 'postgres'
          ? { DATABASE_URL: await createPostgresDatabase({ migrated: false }) }
          : {}),
      });

    beforeAll(async () => {
      source = await startTestServer(storageSettings(`source-${backend}`), {
        tools: async () => scriptedTools(),
      });
      const wav = await readFile(JFK_WAV);
      const alice = await signUp(source, 'Alice');
      const bob = await signUp(source, 'Bob');
      const first = await uploadProcessed(alice, wav);
      await uploadProcessed(alice, wav, 'second.wav');
      await uploadProcessed(bob, wav);
      await alice.post('/api/todos', { title: 'Send the backup notes' });
      const chat = (await alice.post('/api/chats', { contextMeetingIds: [first.id] })).body;
      await alice.post(`/api/chats/${chat.id}/messages`, {
        content: 'What was said?',
        isUser: true,
      });
      clients = [alice, bob];
      archive = path.join(work, `${backend}.tar.gz`);
    });
    afterAll(async () => {
      await source?.close();
    });

    it(
      'restores every meeting, transcript, to-do, chat, account and audio byte of a backup taken while the server runs',
      {
        timeout: 120_000,
      },
      async () => {
        // PostgreSQL: the command connects itself; PGlite: the running server writes the archive.
        const backupEnv =
          testDbKind === 'postgres'
            ? { ...source.env, databaseUrl: source.database.url }
            : source.env;
        // As if the source server had generated its AUTH_SECRET into DATA_DIR/auth-secret.
        await writeFile(path.join(source.env.dataDir, 'auth-secret'), `${source.env.authSecret}\n`);
        const backup = await cli(backupEnv, ['backup', archive]);
        expect(backup.err).toBe('');
        expect(backup.code).toBe(0);
        expect(backup.out).toContain(
          testDbKind === 'pglite' ? 'through the running server' : 'through the database',
        );
        await readArchive(archive, async ({ path: name, body }) => {
          if (name === MANIFEST_ENTRY) manifest = JSON.parse(String(await body.concat()));
        });
        expect(manifest.tables.find((t) => t.name === 'meetings')?.rows).toBe(3);
        expect(manifest.skippedAudio).toEqual([]);
        // An existing file is never overwritten.
        expect(await cli(backupEnv, ['backup', archive])).toEqual({
          code: 1,
          out: '',
          err: `${archive} exists; name a new file.\n`,
        });

        // As the command's settings are without AUTH_SECRET: a secret generated for the command
        // alone, which the archived one replaces.
        const generated: Env = {
          ...(await emptyTarget('restored')),
          authSecret: 'a-secret-generated-now',
          authSecretFrom: 'unsaved',
        };
        const secretFile = path.join(generated.dataDir, 'auth-secret');
        const restore = await cli(generated, ['restore', archive]);
        expect(restore.err).toBe('');
        expect(restore.code).toBe(0);
        expect(restore.out).toContain('generated AUTH_SECRET');
        expect((await readFile(secretFile, 'utf8')).trim()).toBe(source.env.authSecret);
        const target = { ...generated, authSecret: source.env.authSecret };
        if (testDbKind === 'pglite') {
          // No server on the restored folder: the command opens the database itself.
          const offline = await cli(target, [
            'backup',
            path.join(work, `${backend}-offline.tar.gz`),
          ]);
          expect(offline).toEqual({
            code: 0,
            out: expect.stringContaining('through the database'),
            err: '',
          });
        }
        const restored = await startServer(target, undefined, {
          workers: false,
          contactsSync: false,
        });
        try {
          // Counted before anyone signs in (a sign-in adds a session).
          for (const table of manifest.tables) {
            const [row] = await restored.database.query<{ n: number }>(
              `select count(*)::int as n from "${table.name}"`,
            );
            expect({ table: table.name, rows: row?.n }).toEqual({
              table: table.name,
              rows: table.rows,
            });
          }
          for (const before of clients) {
            const after = new Client(restored.url, before.email);
            const signIn = await after.post('/api/auth/sign-in/email', {
              email: before.email,
              password: 'correct horse battery',
            });
            expect(signIn.status).toBe(200);
            const view = await userView(after);
            expect(view.meetings.length).toBeGreaterThan(0);
            expect(view).toEqual(await userView(before));
          }
          const audio = await objectHashes(source.storage);
          expect(Object.keys(audio)).toHaveLength(3);
          expect(await objectHashes(restored.storage)).toEqual(audio);
          // A non-empty target is refused and keeps its data.
          const again = await cli(target, ['restore', archive]);
          expect(again.code).toBe(1);
          expect(again.err).toMatch(/not empty.*nothing was changed/);
          expect(await objectHashes(restored.storage)).toEqual(audio);
        } finally {
          await restored.close();
        }
      },
    );

    it(
      'refuses a truncated, a tampered and a newer-schema archive and leaves the target empty',
      {
        timeout: 180_000,
      },
      async () => {
        const truncated = path.join(work, `${backend}-truncated.tar.gz`);
        await copyFile(archive, truncated);
        await truncate(truncated, Math.floor((await readFile(archive)).length / 2));
        const tampered = path.join(work, `${backend}-tampered.tar.gz`);
        await repack(archive, tampered, (name, bytes) =>
          name === 'database/todos.jsonl'
            ? Buffer.from(String(bytes).replace('backup', 'BACKUP'))
            : bytes,
        );
        const newer = path.join(work, `${backend}-newer.tar.gz`);
        await repack(archive, newer, (name, bytes) => {
          if (name !== MANIFEST_ENTRY) return bytes;
          const m = JSON.parse(String(bytes)) as BackupManifest;
          m.schema.migrations.push('9999_from-a-newer-summy');
          m.schema.lastMigration = '9999_from-a-newer-summy';
          return Buffer.from(JSON.stringify(m));
        });
        const cases: [string, RegExp][] = [
          [truncated, /damaged|truncated/],
          [tampered, /Checksum mismatch in the archive: database\/todos\.jsonl/],
          [newer, /newer Summy.*9999_from-a-newer-summy.*Upgrade Summy/],
        ];
        for (const [file, message] of cases) {
          const target = await emptyTarget(path.basename(file, '.tar.gz'));
          const result = await cli(target, ['restore', file]);
          expect({ code: result.code, err: result.err }).toEqual({
            code: 1,
            err: expect.stringMatching(message),
          });
          expect(existsSync(path.join(target.dataDir, 'pglite'))).toBe(false);
          expect(existsSync(path.join(target.dataDir, 'pglite.restoring'))).toBe(false);
          expect(await objectHashes(createStorage(target))).toEqual({});
          if (target.databaseUrl) {
            // Not even the schema: the refusals come before the database is opened.
            const database = await openDatabase({ databaseUrl: target.databaseUrl });
            try {
              const [row] = await database.query<{ n: number }>(
                "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
              );
              expect(row?.n).toBe(0);
            } finally {
              await database.close();
            }
          }
        }
      },
    );
  },
);

it('restores an archive of an older schema, then applies the newer migrations; a recording gone meanwhile is skipped', async () => {
  const all = await knownMigrations();
  const older = all.at(-2)!;
  const goneKey = 'u-older/1764000000000-meeting-audio.wav';
  const database = await openTestDatabase({ migrated: false });
  const file = path.join(work, 'older.tar.gz');
  try {
    await migrateUpTo(database, older);
    await database.query(
      `insert into "user" (id, name, email) values ('u-older', 'Ada', 'ada-older@example.com')`,
    );
    // A meeting whose recording is gone by the time the backup reads it (deleted meanwhile).
    await database.query(
      `insert into meetings (user_id, title, audio_url) values ('u-older', 'Gone', $1)`,
      [`recordings/${goneKey}`],
    );
    const out = createWriteStream(file);
    const env = testEnv();
    const manifest = await writeBackup({ env, database, storage: createStorage(env) }, out);
    out.end();
    await new Promise<void>((resolve) => out.on('close', () => resolve()));
    expect(manifest.schema.lastMigration).toBe(older);
    expect(manifest.skippedAudio).toEqual([goneKey]);
  } finally {
    await database.close();
  }
  const target = testEnv(
    testDbKind === 'postgres'
      ? { DATABASE_URL: await createPostgresDatabase({ migrated: false }) }
      : {},
  );
  const result = await cli(target, ['restore', file]);
  expect(result).toEqual({
    code: 0,
    out: expect.stringContaining('Then applied 1 newer migrations.'),
    err: '',
  });
  const restored = await openDatabase({
    databaseUrl: target.databaseUrl,
    pgliteDir: path.join(target.dataDir, 'pglite'),
  });
  try {
    expect(await restored.appliedMigrations()).toEqual(all);
    expect(await restored.query('select email from "user"')).toEqual([
      { email: 'ada-older@example.com' },
    ]);
    expect(await restored.query('select title, audio_url from meetings')).toEqual([
      { title: 'Gone', audio_url: `recordings/${goneKey}` },
    ]);
  } finally {
    await restored.close();
  }
}, 120_000);

it('a refused restore writes no auth-secret into DATA_DIR: nothing at all', async () => {
  // The real command, without AUTH_SECRET: its settings generate no secret for a restore.
  const damaged = path.join(work, 'not-an-archive.tar.gz');
  await writeFile(damaged, 'these bytes are no backup');
  const dataDir = mkdtempSync(path.join(work, 'refused-target-'));
  const result = await runSummyCli({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, ['restore', damaged]);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/damaged|not a Summy backup|truncated/i);
  expect(readdirSync(dataDir)).toEqual([]);
});
