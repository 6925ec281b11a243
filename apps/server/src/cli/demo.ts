/**
 * `npm run summy -- demo --user <email> [--from DIR] [--reset]`: fills an account with meetings
 * built from real meeting transcripts (demo-corpus.ts), so a newcomer sees a lived-in Summy.
 * Everything goes through the services the routes and the pipeline use: the title, summary with
 * topics and action items come from the offline text model through services/text (as the pipeline
 * makes them, no language model needed), meetings and to-dos through services/meetings and
 * services/todos, chats through the meeting assistant (services/chat, answering offline by quoting
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
import {
  chatAutoTitle,
  createChatMessageSchema,
  createMeetingSchema,
  createTodoSchema,
  formatPlaybackTime,
} from '@summy/core';
import { user, type Database } from '@summy/db';
import type { AppDeps } from '../deps.ts';
import { parseTranscript } from '../providers/llm/transcript.ts';
import { answerQuestion } from '../services/chat/answer-question.ts';
import { createChat } from '../services/chats/create-chat.ts';
import { createChatMessage } from '../services/chats/create-chat-message.ts';
import { deleteChat } from '../services/chats/delete-chat.ts';
import { listChatMessages } from '../services/chats/list-chat-messages.ts';
import { listChats } from '../services/chats/list-chats.ts';
import { updateChat } from '../services/chats/update-chat.ts';
import { createMeeting } from '../services/meetings/create-meeting.ts';
import { deleteMeeting } from '../services/meetings/delete-meeting.ts';
import { getMeeting } from '../services/meetings/get-meeting.ts';
import { listMeetings, MEETING_PAGE } from '../services/meetings/list-meetings.ts';
import { extractActionItems } from '../services/text/extract-action-items.ts';
import { generateTitle } from '../services/text/generate-title.ts';
import { uniqueMeetingTitle } from '../services/meetings/unique-meeting-title.ts';
import { summarizeTranscript } from '../services/text/summarize-transcript.ts';
import { textModelForUser, type UserTextModel } from '../services/text/text-model-for-user.ts';
import { createTodo } from '../services/todos/create-todo.ts';
import {
  DemoDataMissingError,
  loadDemoSources,
  resolveDemoDir,
  type DemoSource,
} from './demo-corpus.ts';

/** Usage line of the `demo` command. */
export const DEMO_USAGE = 'npm run summy -- demo --user <email> [--from DIR] [--reset]';

/** How many demo meetings get a chat: the newest ones with a corpus question. */
export const DEMO_CHATS = 2;

/** Days between two demo meetings, counted back from two days before today. */
const DAYS_APART = 6;

/** Local start times of the demo meetings, in turn: [hour, minute]. */
const START_TIMES: [number, number][] = [
  [10, 0],
  [14, 30],
  [11, 0],
  [15, 30],
];

/** The text model the demo writes with: the offline one, whatever the user's AI preference. */
const OFFLINE = { provider: 'offline' } as const;

/** What the demo needs of the server. */
export type DemoDeps = Pick<AppDeps, 'database' | 'storage' | 'env'>;

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

/** A demo meeting after the run: made now, or found from an earlier run. */
export interface DemoMeetingResult {
  source: string;
  status: 'created' | 'kept';
  id: string;
  title: string;
  date: string;
  /** Minutes. */
  duration: number;
  actionItems: number;
}

/** A demo chat after the run. */
export interface DemoChatResult {
  status: 'created' | 'kept';
  id: string;
  title: string | null;
  meetingId: string;
  question: string;
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

/**
 * The date of the `index`-th demo meeting (0 is the newest): `2 + 6 × index` days before `now`,
 * moved back to Friday from a weekend, at a working-hours start time in the server's time zone.
 * So the meetings spread over the recent weeks and all lie in the past.
 */
export function demoMeetingDate(now: Date, index: number): Date {
  const date = new Date(now);
  date.setDate(date.getDate() - (2 + DAYS_APART * index));
  while (date.getDay() === 0 || date.getDay() === 6) date.setDate(date.getDate() - 1);
  const [hours, minutes] = START_TIMES[index % START_TIMES.length]!;
  date.setHours(hours, minutes, 0, 0);
  return date;
}

/** What a transcript says, without its speaker labels: how a demo meeting is recognised. */
function speechOf(transcript: string | null): string {
  return parseTranscript(transcript ?? '')
    .map((p) => p.text)
    .join('\n');
}

async function userIdOf(db: Database, email: string): Promise<string> {
  const [owner] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  if (!owner) throw new DemoError(`No user with email ${email}: sign up in Summy first`);
  return owner.id;
}

/** The ids of the user's demo meetings by source name, newest first (the list's order). */
async function findDemoMeetings(
  db: Database,
  userId: string,
  sources: DemoSource[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(sources.map((s) => [s.name, []]));
  const speech = new Map(sources.map((s) => [s.name, speechOf(s.transcript)]));
  let cursor: string | undefined;
  do {
    const page = await listMeetings(db, userId, { limit: MEETING_PAGE.max, cursor });
    for (const item of page.items) {
      // The duration is on the list; only a meeting as long as a demo one is read whole.
      const candidates = sources.filter(
        (s) => !item.isProcessing && Math.abs(item.duration - s.durationMinutes) < 1e-6,
      );
      if (candidates.length === 0) continue;
      const said = speechOf((await getMeeting(db, userId, item.id)).transcript);
      for (const s of candidates) if (said === speech.get(s.name)) found.get(s.name)!.push(item.id);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return found;
}

/** The user's demo chats: about one demo meeting and opened by one of the demo's questions. */
async function findDemoChats(
  db: Database,
  userId: string,
  meetingIds: Set<string>,
  questions: Set<string>,
): Promise<Omit<DemoChatResult, 'status'>[]> {
  const chats = (await listChats(db, userId)).filter(
    (c) => c.contextMeetingIds.length === 1 && meetingIds.has(c.contextMeetingIds[0]!),
  );
  const demo: Omit<DemoChatResult, 'status'>[] = [];
  for (const chat of chats) {
    const [first] = await listChatMessages(db, userId, chat.id);
    if (first?.isUser && questions.has(first.content)) {
      demo.push({
        id: chat.id,
        title: chat.title,
        meetingId: chat.contextMeetingIds[0]!,
        question: first.content,
      });
    }
  }
  return demo;
}

/**
 * Makes one demo meeting as the pipeline would from its transcript: title, summary with topics
 * and action items, saved with its to-dos in one transaction (an interrupted run leaves a whole
 * meeting or none, so the next run's check holds). With `plan.oldest` its to-dos are done; with
 * `plan.star` its first one is starred and due in three days, so the to-do screen shows each kind.
 */
async function createDemoMeeting(
  deps: DemoDeps,
  userId: string,
  text: UserTextModel,
  source: DemoSource,
  plan: { date: Date; oldest: boolean; star: boolean; now: Date },
): Promise<DemoMeetingResult> {
  const { transcript } = source;
  const generated = await generateTitle(
    text.model,
    transcript,
    undefined,
    plan.date,
    source.participants,
  );
  const summary = await summarizeTranscript(text.model, {
    transcript,
    meetingTitle: generated,
    template: text.template,
  });
  const items = await extractActionItems(text.model, transcript);
  const due = new Date(plan.now);
  due.setDate(due.getDate() + 3);
  due.setHours(17, 0, 0, 0);
  const input = createMeetingSchema.parse({
    title: generated,
    date: plan.date.toISOString(),
    duration: source.durationMinutes,
    participants: source.participants,
    transcript,
    summary: summary.summary,
    topics: summary.topics,
  });
  const meeting = await deps.database.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    // Two demo meetings about one subject must not read alike in the sidebar and the to-dos.
    const title = await uniqueMeetingTitle(db, userId, generated, plan.date);
    const created = await createMeeting(db, userId, { ...input, title });
    for (const [i, item] of items.entries()) {
      const starred = plan.star && i === 0;
      await createTodo(
        db,
        userId,
        createTodoSchema.parse({
          title: item.title,
          description: item.description || null,
          assignedTo: item.assignedTo,
          meetingId: created.id,
          completed: plan.oldest,
          priority: starred,
          dueDate: starred ? due.toISOString() : null,
        }),
      );
    }
    return created;
  });
  return {
    source: source.name,
    status: 'created',
    id: meeting.id,
    title: meeting.title,
    date: meeting.date,
    duration: meeting.duration,
    actionItems: items.length,
  };
}

/**
 * Asks the meeting assistant a corpus question about one meeting and saves the conversation as the
 * chat panel does: the chat with its context meeting, the question, the answer with its citations,
 * then the answer's auto-title.
 */
async function createDemoChat(
  deps: DemoDeps,
  userId: string,
  meetingId: string,
  question: string,
): Promise<DemoChatResult> {
  const { db } = deps.database;
  const answer = await answerQuestion({ db, env: deps.env }, userId, {
    content: question,
    context: { type: 'meeting', meetingIds: [meetingId] },
    ...OFFLINE,
  });
  const chat = await createChat(db, userId, { contextMeetingIds: [meetingId] });
  await createChatMessage(
    db,
    userId,
    chat.id,
    createChatMessageSchema.parse({ content: question, isUser: true, meetingId }),
  );
  await createChatMessage(
    db,
    userId,
    chat.id,
    createChatMessageSchema.parse({
      content: answer.content,
      isUser: false,
      meetingId,
      citations: answer.citations,
    }),
  );
  const title = chatAutoTitle(answer.content) ?? null;
  if (title) await updateChat(db, userId, chat.id, { title });
  return { status: 'created', id: chat.id, title, meetingId, question };
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
