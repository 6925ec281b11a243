/**
 * `npm run summy -- demo --user <email> [--from DIR] [--reset]`: fills an account with meetings
 * built from real meeting transcripts (demo-corpus.ts), so a newcomer sees a lived-in Summy.
 * Everything goes through the services the routes and the pipeline use: the title, summary with
 * topics and action items come from the offline text model through services/text (as the pipeline
 * makes them, no language model needed), meetings and to-dos through services/meetings and
 * services/todos, chats through the meeting assistant (services/assistant, answering offline by quoting
 * passages) and services/chats.
 *
 * Idempotent: a demo meeting is recognised by its speech (the transcript's paragraph texts, which
 * a rename or a re-labelling of speakers does not change) and its duration, a demo chat by its
 * meeting and its first question; a second run keeps what is there and adds only what is missing.
 * `--reset` deletes the demo meetings (with their to-dos and search passages, as a user's delete
 * does) and the demo chats, then builds them again. The user's own meetings and chats stay.
 * Why it works this way: docs/decisions/029-demo-data.md.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { formatPlaybackTime } from '@summy/core';
import { user, type Database } from '@summy/db';
import { deleteChat } from '../services/chats/delete-chat.ts';
import { deleteMeeting } from '../services/meetings/delete-meeting.ts';
import { getMeeting } from '../services/meetings/get-meeting.ts';
import { textModelForUser } from '../services/text/text-model-for-user.ts';
import {
  createDemoChat,
  createDemoMeeting,
  demoMeetingDate,
  OFFLINE,
  type DemoChatResult,
  type DemoDeps,
  type DemoMeetingResult,
} from './demo-build.ts';
import { DemoDataMissingError, loadDemoSources, resolveDemoDir } from './demo-corpus.ts';
import { findDemoChats, findDemoMeetings } from './demo-find.ts';

// The demo's parts live in demo-build.ts; callers and tests keep importing them from here.
export { demoMeetingDate, type DemoChatResult, type DemoDeps, type DemoMeetingResult };

/** Usage line of the `demo` command. */
export const DEMO_USAGE = 'npm run summy -- demo --user <email> [--from DIR] [--reset]';

/** How many demo meetings get a chat: the newest ones with a corpus question. */
export const DEMO_CHATS = 2;

/** Options of {@link seedDemoData}. */
export interface DemoOptions {
  /** E-mail of the account to fill. */
  email: string;
  /** Folder of meeting folders (or one holding `meetings/`); default `testdata/meetings`. */
  from?: string | undefined;
  /** Delete the demo meetings and chats first, then build them again. */
  reset?: boolean | undefined;
  /** The moment the demo's dates count back from (default: now); tests pass their own. */
  now?: Date | undefined;
}

/** What a run did; `removed` counts what `--reset` deleted. */
export interface DemoReport {
  dir: string;
  meetings: DemoMeetingResult[];
  chats: DemoChatResult[];
  removed: { meetings: number; chats: number };
}

/** An expected failure of the command (unknown user, missing transcripts): exit code 1. */
export class DemoError extends Error {}

/** The id of the account with that e-mail (matched as stored: trimmed, lower case). */
async function userIdOf(db: Database, email: string): Promise<string> {
  const [owner] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  if (!owner) throw new DemoError(`No user with email ${email}: sign up in Summy first`);
  return owner.id;
}

/**
 * Fills the account of `options.email` with the demo: one meeting per corpus meeting (newest
 * first by folder name, dated by {@link demoMeetingDate}) with its to-dos, and a chat about each
 * of the {@link DEMO_CHATS} newest meetings that has a corpus question.
 * @throws DemoError when no user has that e-mail
 * @throws DemoDataMissingError when the transcripts are not found
 */
export async function seedDemoData(deps: DemoDeps, options: DemoOptions): Promise<DemoReport> {
  const { db } = deps.database;
  const now = options.now ?? new Date();
  const dir = resolveDemoDir(options.from);
  const sources = loadDemoSources(dir);
  const userId = await userIdOf(db, options.email);
  const questions = new Set(sources.flatMap((s) => s.questions.slice(0, 1)));
  const removed = { meetings: 0, chats: 0 };

  let existing = await findDemoMeetings(db, userId, sources);
  if (options.reset) {
    const ids = new Set([...existing.values()].flat());
    // Chats first: deleting a meeting redacts the answers quoting it but keeps the chat.
    for (const chat of await findDemoChats(db, userId, ids, questions)) {
      await deleteChat(db, userId, chat.id);
      removed.chats += 1;
    }
    for (const id of ids) {
      await deleteMeeting(deps, userId, id);
      removed.meetings += 1;
    }
    existing = new Map<string, string[]>(sources.map((s) => [s.name, []]));
  }

  const text = await textModelForUser({ db, env: deps.env }, userId, OFFLINE);
  const meetings: DemoMeetingResult[] = [];
  // One to-do is starred: the first of the newest meeting this run makes that has any.
  let star = true;
  for (const [index, source] of sources.entries()) {
    const [keptId] = existing.get(source.name) ?? [];
    if (keptId) {
      const kept = await getMeeting(db, userId, keptId);
      meetings.push({
        source: source.name,
        status: 'kept',
        id: kept.id,
        title: kept.title,
        date: kept.date,
        duration: kept.duration,
        actionItems: kept.actionItems.length,
      });
      continue;
    }
    const plan = {
      date: demoMeetingDate(now, index),
      oldest: index === sources.length - 1 && sources.length > 1,
      star,
      now,
    };
    const created = await createDemoMeeting(deps, userId, text, source, plan);
    if (created.actionItems > 0) star = false;
    meetings.push(created);
  }

  const chatted = sources
    .map((source, i) => ({ question: source.questions[0], meetingId: meetings[i]!.id }))
    .filter((c): c is { question: string; meetingId: string } => Boolean(c.question))
    .slice(0, DEMO_CHATS);
  const present = await findDemoChats(
    db,
    userId,
    new Set(chatted.map((c) => c.meetingId)),
    questions,
  );
  const chats: DemoChatResult[] = [];
  for (const { meetingId, question } of chatted) {
    const kept = present.find((c) => c.meetingId === meetingId && c.question === question);
    chats.push(
      kept ? { status: 'kept', ...kept } : await createDemoChat(deps, userId, meetingId, question),
    );
  }
  return { dir, meetings, chats, removed };
}

const DEMO_ARGS = {
  user: { type: 'string' },
  from: { type: 'string' },
  reset: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const readDemoArgs = (args: string[]) => parseArgs({ args, options: DEMO_ARGS }).values;

/**
 * The demo command's options from its arguments (after `demo`): 'help' for `--help`, undefined
 * when they do not make a command (no `--user`, an unknown option, a positional argument).
 */
export function parseDemoArgs(args: string[]): DemoOptions | 'help' | undefined {
  let values: ReturnType<typeof readDemoArgs>;
  try {
    values = readDemoArgs(args);
  } catch {
    return undefined;
  }
  if (values.help) return 'help';
  if (!values.user?.trim()) return undefined;
  return { email: values.user, from: values.from, reset: values.reset ?? false };
}

/** Where the command writes: stdout for results, stderr for errors. */
export interface DemoCliIo {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

/**
 * Runs `demo` over an open database and resolves with the exit code: 0 done, 1 failed (the reason
 * on stderr: unknown user, transcripts not found). Prints one line per meeting and chat.
 */
export async function runDemoCommand(
  deps: DemoDeps,
  options: DemoOptions,
  io: DemoCliIo = { out: process.stdout, err: process.stderr },
): Promise<number> {
  let report: DemoReport;
  try {
    report = await seedDemoData(deps, options);
  } catch (err) {
    if (err instanceof DemoError || err instanceof DemoDataMissingError) {
      io.err.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const lines = [`Demo data from ${report.dir} for ${options.email}`];
  if (options.reset) {
    lines.push(
      `Removed ${report.removed.meetings} demo meetings and ${report.removed.chats} demo chats`,
    );
  }
  for (const m of report.meetings) {
    lines.push(
      `${m.status.padEnd(7)}  meeting ${m.id}  ${m.date.slice(0, 10)}  ${formatPlaybackTime(m.duration * 60)}  ` +
        `${m.actionItems} action items  ${m.title}  (${m.source})`,
    );
  }
  for (const c of report.chats) {
    lines.push(`${c.status.padEnd(7)}  chat    ${c.id}  ${c.title ?? c.question}`);
  }
  io.out.write(`${lines.join('\n')}\n`);
  return 0;
}
