/**
 * `PUT /api/meetings/{id}/speakers`: the user names a meeting's speakers. Rename, merge (two labels
 * given one name) and undo (the previous map put back) are all one edit of the meeting's speaker
 * map; the transcript keeps its original labels. Action items owned by a name no speaker shows any
 * more move to the new name, and their titles and descriptions (the offline notes quote the speaker
 * there: 'Project Manager: "I will send…"') name the new name, in the same transaction. Voice
 * profiles follow the names afterwards (services/voices).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  normalizeSpeakerNames,
  renamedSpeakers,
  replaceSpeakerNames,
  speakerLabels,
  type Meeting,
  type SpeakerNamesInput,
} from '@summy/core';
import { meetings, todos, type Database } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { ValidationError } from '../../errors/app-errors.ts';
import { log } from '../../log.ts';
import { recordVoiceProfiles } from '../voices/record-voice-profiles.ts';
import { getMeeting } from './get-meeting.ts';
import { lockEditableMeeting } from './lock-editable-meeting.ts';
import { readSpeakerNames } from './to-meeting.ts';

/**
 * Replaces the speaker map of one of the user's meetings with `input.names` (labels mapped to
 * themselves are dropped) and stamps `updated_at`, so the chat's search passages are rebuilt with
 * the names. Owners of the meeting's action items follow renamed speakers; a suggested name of a
 * label the user named is dropped; the titles and descriptions of its action items name the new
 * names (a person's name without the article a role had); then the voice profiles of the names are brought up to date
 * (a failure there is logged: the names stand).
 * @returns the meeting as `GET /api/meetings/{id}` answers it
 * @throws NotFoundError when the meeting does not exist or belongs to another user
 * @throws MeetingBusyError 409 while it is being recorded or processed (its labels may change)
 * @throws ValidationError 400 'Unknown speaker' when a key is not a label of its transcript
 */
export async function renameSpeakers(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  userId: string,
  id: string,
  input: SpeakerNamesInput,
): Promise<Meeting> {
  const { db } = deps.database;
  const owned = and(eq(meetings.id, id), eq(meetings.userId, userId));
  await db.transaction(async (tx) => {
    const row = await lockEditableMeeting(tx as unknown as Database, userId, id);
    const labels = speakerLabels(row.transcript);
    const unknown = Object.keys(input.names).filter((label) => !labels.includes(label));
    if (unknown.length > 0) {
      throw new ValidationError(`Unknown speaker: ${unknown.slice(0, 3).join(', ')}`);
    }
    const before = readSpeakerNames(row.speakerNames);
    const after = normalizeSpeakerNames(input.names, labels);
    await tx
      .update(meetings)
      .set({
        speakerNames: after,
        speakerSuggestions: sql`${meetings.speakerSuggestions} - array[${sql.join(
          Object.keys(after).map((label) => sql`${label}`),
          sql`, `,
        )}]::text[]`,
        updatedAt: sql`now()`,
      })
      .where(owned);
    const moves = renamedSpeakers(labels, before, after);
    if (moves.size > 0) await followRename(tx as unknown as Database, userId, id, moves);
  });
  await recordVoiceProfiles(deps, userId, id).catch((err: unknown) =>
    log.warn({ err, meetingId: id }, '[voices] updating voice profiles after a rename failed'),
  );
  return getMeeting(db, userId, id);
}

/**
 * Moves the meeting's action items from old shown names to new ones (`moves`, old → new): the
 * owner, in one statement so a swap (A→B, B→A) does not chain, and every mention in the title and
 * description, which keep no labels to resolve later (the to-do list, search and Linear read
 * them as stored).
 */
async function followRename(
  tx: Database,
  userId: string,
  meetingId: string,
  moves: ReadonlyMap<string, string>,
): Promise<void> {
  const ofMeeting = and(eq(todos.meetingId, meetingId), eq(todos.userId, userId));
  const cases = sql.join(
    [...moves].map(([from, to]) => sql`when ${from} then ${to}`),
    sql` `,
  );
  await tx
    .update(todos)
    .set({
      assignedTo: sql`case ${todos.assignedTo} ${cases} else ${todos.assignedTo} end`,
      updatedAt: sql`now()`,
    })
    .where(and(ofMeeting, inArray(todos.assignedTo, [...moves.keys()])));
  const items = await tx
    .select({ id: todos.id, title: todos.title, description: todos.description })
    .from(todos)
    .where(ofMeeting);
  for (const item of items) {
    const title = replaceSpeakerNames(item.title, moves);
    const description = item.description && replaceSpeakerNames(item.description, moves);
    if (title === item.title && description === item.description) continue;
    await tx
      .update(todos)
      .set({ title, description, updatedAt: sql`now()` })
      .where(eq(todos.id, item.id));
  }
}
