/**
 * A real CalDAV server for tests, e2e and local trials: Debian's `radicale` (installed by
 * `scripts/system-deps.sh test`) on 127.0.0.1 at a free port, over a temporary storage folder, with
 * plain-text htpasswd users and seeded VTODO lists. Not a fake: the reminders client talks to the
 * same server software self-hosters run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A CalDAV user of the test server. */
export interface RadicaleUser {
  username: string;
  password: string;
}

/** One seeded VTODO of {@link SEEDED_LISTS}. Times are UTC. */
export interface SeededTodo {
  uid: string;
  summary: string;
  description?: string;
  /** `YYYY-MM-DD` (all-day, `DUE;VALUE=DATE`) or an ISO 8601 UTC date-time. */
  due?: string;
  /** RFC 5545 PRIORITY: 1 highest … 9 lowest, 0 or absent undefined. */
  priority?: number;
  /** ISO 8601 UTC: the reminder is STATUS:COMPLETED with this COMPLETED time. */
  completed?: string;
}

/** A seeded collection: a to-do list (`VTODO`) or, to prove it is skipped, an event calendar. */
export interface SeededList {
  /** Last path segment of the collection URL. */
  slug: string;
  name: string;
  /** `#rrggbbaa` as Apple clients write `calendar-color`. */
  color: string;
  component: 'VTODO' | 'VEVENT';
  todos: SeededTodo[];
}

/** The default user. */
export const RADICALE_USER: RadicaleUser = { username: 'alice', password: 'alice-app-password' };

/**
 * What every user's account holds at start: two to-do lists (one with a completed reminder, dated
 * and undated due dates, RFC 5545 priorities 1, 5 and 9) and an event calendar that is not a list.
 */
export const SEEDED_LISTS: readonly SeededList[] = [
  {
    slug: 'work',
    name: 'Work',
    color: '#FF2968FF',
    component: 'VTODO',
    todos: [
      {
        uid: 'todo-report@summy.test',
        summary: 'Send the quarterly report',
        description: 'Numbers from finance first',
        due: '2026-12-01T17:00:00Z',
        priority: 1,
      },
      { uid: 'todo-venue@summy.test', summary: 'Book the venue', due: '2026-12-05', priority: 5 },
      {
        uid: 'todo-archived@summy.test',
        summary: 'Archive last year',
        completed: '2026-01-10T09:00:00Z',
      },
    ],
  },
  {
    slug: 'personal',
    name: 'Personal',
    color: '#1BADF8FF',
    component: 'VTODO',
    todos: [
      { uid: 'todo-milk@summy.test', summary: 'Buy milk' },
      { uid: 'todo-dentist@summy.test', summary: 'Call the dentist', priority: 9 },
    ],
  },
  {
    slug: 'calendar',
    name: 'Calendar',
    color: '#63DA38FF',
    component: 'VEVENT',
    todos: [],
  },
];

/** A running Radicale. */
export interface RunningRadicale {
  /** `http://127.0.0.1:{port}` (no trailing slash): the server URL users give. */
  url: string;
  port: number;
  /** The first user (by default {@link RADICALE_USER}). */
  username: string;
  password: string;
  users: RadicaleUser[];
  /** Collection URL of a seeded list of `username`, by slug: `{url}/{username}/{slug}/`. */
  listUrl(slug: string, username?: string): string;
  /** The temporary storage folder (removed by `stop`). */
  storageDir: string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its storage. */
  stop(): Promise<void>;
}

/** Options of {@link startRadicale}. */
export interface StartRadicaleOptions {
  /** TCP port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Users, each seeded with {@link SEEDED_LISTS}; default [{@link RADICALE_USER}]. */
  users?: RadicaleUser[];
  /** The `radicale` executable (default `radicale` on PATH, Debian's /usr/bin/radicale). */
  command?: string;
}

/**
 * How long Radicale may take to say it is ready, ms. It starts in about a second idle (Python's
 * start-up and imports, then the storage check); 15 s ran out at a load of 34 to 48 on two cores.
 * A Radicale that exits, or cannot be run, fails at once: the bound is for one that is alive and
 * slow, and it stays under the slow tier's 240 s per hook.
 */
const STARTUP_TIMEOUT_MS = 120_000;

/**
 * Starts Radicale on 127.0.0.1. Resolves once it listens; rejects with its output when it exits or
 * does not listen within 120 s (for instance when the `radicale` package is missing).
 */
export async function startRadicale(options: StartRadicaleOptions = {}): Promise<RunningRadicale> {
  const users = options.users ?? [RADICALE_USER];
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'summy-radicale-'));
  const htpasswd = path.join(storageDir, 'users');
  // Plain htpasswd: test passwords only, in a folder only this run reads.
  writeFileSync(htpasswd, users.map((u) => `${u.username}:${u.password}`).join('\n') + '\n');
  for (const user of users) seedUser(storageDir, user.username);
  const config = path.join(storageDir, 'config');
  writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${options.port ?? 0}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${htpasswd}`,
      'htpasswd_encryption = plain',
      // No penalty delay after a wrong password: the wrong-password tests need not wait.
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${path.join(storageDir, 'collections')}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = info',
      '',
    ].join('\n'),
  );
  const child = spawn(options.command ?? 'radicale', ['--config', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let port: number;
  try {
    port = await listeningPort(child);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(storageDir, { recursive: true, force: true });
    throw err;
  }
  const url = `http://127.0.0.1:${port}`;
  const first = users[0]!;
  return {
    url,
    port,
    username: first.username,
    password: first.password,
    users,
    listUrl: (slug, username = first.username) => `${url}/${username}/${slug}/`,
    storageDir,
    stop: () => stopChild(child).then(() => rmSync(storageDir, { recursive: true, force: true })),
  };
}

// Radicale logs "Listening on '127.0.0.1:PORT'" with the bound port, then "Radicale server ready".
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    let port: number | undefined;
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `Radicale did not start within ${STARTUP_TIMEOUT_MS / 1000} s (still running, load ` +
              `average ${os.loadavg()[0]!.toFixed(1)}):\n${output}`,
          ),
        ),
      STARTUP_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Listening on '?\[?[\d.:a-f]*\]?:(\d+)'?/i.exec(output);
      if (m) port = Number(m[1]);
      if (port !== undefined && output.includes('Radicale server ready')) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        // Keep draining, so a chatty server never blocks on a full pipe.
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(port);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(
        new Error(
          `Could not run radicale (${err.message}); install it: bash scripts/system-deps.sh test`,
        ),
      );
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Radicale exited with code ${code}:\n${output}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// Radicale's multifilesystem layout: collection-root/{user}/{list}/.Radicale.props and one .ics
// per item, written before start so every run begins from the same state.
function seedUser(storageDir: string, username: string): void {
  const home = path.join(storageDir, 'collections', 'collection-root', username);
  mkdirSync(home, { recursive: true });
  for (const list of SEEDED_LISTS) {
    const dir = path.join(home, list.slug);
    mkdirSync(dir);
    writeFileSync(
      path.join(dir, '.Radicale.props'),
      JSON.stringify({
        tag: 'VCALENDAR',
        'D:displayname': list.name,
        'ICAL:calendar-color': list.color,
        'C:supported-calendar-component-set': list.component,
      }),
    );
    for (const todo of list.todos) writeFileSync(path.join(dir, `${todo.uid}.ics`), vtodo(todo));
    if (list.component === 'VEVENT') {
      writeFileSync(path.join(dir, 'standup.ics'), standupEvent());
    }
  }
}

const stamp = '20260101T090000Z';
const icsTime = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** The iCalendar text of a seeded to-do (CRLF line ends, RFC 5545 section 3.1). */
export function vtodo(todo: SeededTodo): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Summy//Radicale seed//EN',
    'BEGIN:VTODO',
    `UID:${todo.uid}`,
    `DTSTAMP:${stamp}`,
    `CREATED:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    `SUMMARY:${todo.summary}`,
  ];
  if (todo.description) lines.push(`DESCRIPTION:${todo.description}`);
  if (todo.due) {
    lines.push(
      /^\d{4}-\d{2}-\d{2}$/.test(todo.due)
        ? `DUE;VALUE=DATE:${todo.due.replace(/-/g, '')}`
        : `DUE:${icsTime(todo.due)}`,
    );
  }
  if (todo.priority !== undefined) lines.push(`PRIORITY:${todo.priority}`);
  if (todo.completed) {
    lines.push('STATUS:COMPLETED', `COMPLETED:${icsTime(todo.completed)}`, 'PERCENT-COMPLETE:100');
  } else {
    lines.push('STATUS:NEEDS-ACTION');
  }
  lines.push('END:VTODO', 'END:VCALENDAR', '');
  return lines.join('\r\n');
}

function standupEvent(): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Summy//Radicale seed//EN',
    'BEGIN:VEVENT',
    'UID:standup@summy.test',
    `DTSTAMP:${stamp}`,
    'DTSTART:20261201T090000Z',
    'DTEND:20261201T091500Z',
    'SUMMARY:Team standup',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
