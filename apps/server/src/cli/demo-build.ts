/**
 * Makes the demo's meetings and chats as the pipeline and the chat panel would (see demo.ts):
 * the dates the meetings get, the meeting with its title, summary and to-dos, and the chat with
 * the assistant's answer. Kept apart from the run's bookkeeping so each file reads on its own.
 */
import {
  chatAutoTitle,
  createChatMessageSchema,
  createMeetingSchema,
  createTodoSchema,
} from '@summy/core';
import type { Database } from '@summy/db';
import type { AppDeps } from '../deps.ts';
import { answerQuestion } from '../services/assistant/answer-question.ts';
import { createChat } from '../services/chats/create-chat.ts';
import { createChatMessage } from '../services/chats/create-chat-message.ts';
import { updateChat } from '../services/chats/update-chat.ts';
import { createMeeting } from '../services/meetings/create-meeting.ts';
import { uniqueMeetingTitle } from '../services/meetings/unique-meeting-title.ts';
import { extractActionItems } from '../services/text/extract-action-items.ts';
import { generateTitle } from '../services/text/generate-title.ts';
import { summarizeTranscript } from '../services/text/summarize-transcript.ts';
import type { UserTextModel } from '../services/text/text-model-for-user.ts';
import { createTodo } from '../services/todos/create-todo.ts';
import type { DemoSource } from './demo-corpus.ts';

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
export const OFFLINE = { provider: 'offline' } as const;

/** What the demo needs of the server. */
export type DemoDeps = Pick<AppDeps, 'database' | 'storage' | 'env'>;

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

/**
 * Makes one demo meeting as the pipeline would from its transcript: title, summary with topics
 * and action items, saved with its to-dos in one transaction (an interrupted run leaves a whole
 * meeting or none, so the next run's check holds). With `plan.oldest` its to-dos are done; with
 * `plan.star` its first one is starred and due in three days, so the to-do screen shows each kind.
 */
export async function createDemoMeeting(
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
    // The notes are the offline generator's: the meeting says so, as a pipeline-made one does.
    const created = await createMeeting(db, userId, { ...input, title }, text.model.id);
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
export async function createDemoChat(
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
