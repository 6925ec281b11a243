/**
 * Deleting a meeting removes everything made from it (the privacy text's "deleted data is removed
 * within 30 days"): the row with its action items and group memberships (foreign keys cascade), its
 * search passages and their lexeme counts, its place in chats' `context_meeting_ids`, the saved
 * answers that quote it, its stored audio, the chunks of a recording in progress and the record of
 * its tus upload. The database goes first, in one transaction, then the files; a file that cannot
 * be removed then is removed by the leftover sweep (meeting-leftovers.ts) at the next start or
 * within a day. Given the job queue, the user's webhooks are told (`meeting.deleted`).
 */
import { and, eq, sql } from 'drizzle-orm';
import { chatMessages, chats, meetings, type Database } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { log } from '../../log.ts';
import { NotFoundError } from '../../errors/app-errors.ts';
import { removeMeetingPassages, withMeetingPassages } from '../assistant/passage-store.ts';
import { removeMeetingFiles } from './meeting-leftovers.ts';
import { removeEmptyProfiles } from '../voices/record-voice-profiles.ts';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.ts';

/** What replaces a saved assistant answer that quoted a deleted meeting. */
export const REDACTED_ANSWER = 'This answer quoted a meeting that has since been deleted.';

/**
 * Deletes one of the user's meetings and what was derived from it, then its files. A file that
 * cannot be removed is logged and left to the leftover sweep; the answer is still a success,
 * since the meeting is gone. With `deps.jobs`, `meeting.deleted` goes to the user's webhooks
 * (the CLI's demo reset passes none).
 * @throws NotFoundError when the meeting does not exist or belongs to another user
 */
export async function deleteMeeting(
  deps: Pick<AppDeps, 'database' | 'storage' | 'env'> & Partial<Pick<AppDeps, 'jobs'>>,
  userId: string,
  id: string,
): Promise<void> {
  const { db } = deps.database;
  const gone = await withMeetingPassages(db, id, async ({ exec, pause }, locked) => {
    if (!locked || locked.userId !== userId) return undefined;
    // Should the rest fail or the process die, the next question rebuilds the passages.
    await exec.update(meetings).set({ searchIndexedAt: null }).where(eq(meetings.id, id));
    // In bounded statements with their lexeme counts: the stems of the meeting's words go too.
    await removeMeetingPassages(exec, userId, id, pause);
    return exec.transaction((tx) => deleteRows(tx as unknown as Database, userId, id));
  });
  if (!gone) throw new NotFoundError('Meeting');
  if (deps.jobs) {
    const data = { id, title: gone.title };
    await enqueueWebhookEvent({ ...deps, jobs: deps.jobs }, userId, 'meeting.deleted', data);
  }
  await removeMeetingFiles(deps, userId, id, gone.audioUrl);
  // The meeting's voice left its profiles with it (a foreign key); a profile it was the only
  // meeting of goes, with its clip.
  await removeEmptyProfiles(deps, userId).catch((err: unknown) =>
    log.warn({ err, meetingId: id }, '[voices] removing emptied voice profiles failed'),
  );
}

async function deleteRows(tx: Database, userId: string, id: string) {
  const [row] = await tx
    .delete(meetings)
    .where(and(eq(meetings.id, id), eq(meetings.userId, userId)))
    .returning({ audioUrl: meetings.audioUrl, title: meetings.title });
  if (!row) return undefined;
  await tx
    .update(chats)
    .set({ contextMeetingIds: sql`array_remove(${chats.contextMeetingIds}, ${id}::uuid)` })
    .where(and(eq(chats.userId, userId), sql`${id}::uuid = any(${chats.contextMeetingIds})`));
  // Saved answers quote the meeting (citations and, offline, the answer's text): they go with
  // it. The user's own questions stay. `chat_messages.meeting_id` is set null by its foreign key.
  await tx
    .update(chatMessages)
    .set({ content: REDACTED_ANSWER, citations: null })
    .where(
      and(
        eq(chatMessages.userId, userId),
        eq(chatMessages.isUser, false),
        sql`(${chatMessages.meetingId} = ${id}::uuid
          or ${chatMessages.citations} @> ${JSON.stringify([{ meetingId: id }])}::jsonb)`,
      ),
    );
  return row;
}
