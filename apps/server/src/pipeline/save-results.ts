/**
 * The pipeline's one write: the results, the action items and the cleared flags in a single
 * transaction, so a job retried after a crash never saves twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ActionItemSuggestion } from '@summy/core';
import { meetings, todos, type Database } from '@summy/db';
import type { MeetingProcessJob } from '../jobs/payloads.ts';
import { uniqueMeetingTitle } from '../services/meetings/unique-meeting-title.ts';
import { syncNoteTasks } from '../services/notes/sync-note-tasks.ts';
import type { PipelineDeps } from './run-context.ts';
import { clearLiveTranscript } from '../services/live/clear-live-transcript.ts';
import { publishLiveState } from '../realtime/publish.ts';

/** Columns of the meeting a run sets. */
export type MeetingUpdate = Partial<typeof meetings.$inferInsert>;

/**
 * Writes the results and clears the flags in one transaction, only while the meeting is still
 * processing (a retried job must not save twice). A re-transcription with new action items first
 * removes the earlier run's items the user has not touched (not completed, never updated), so the
 * list is not doubled while the user's own work stays. With `uniqueOn` (the meeting's date) the
 * title is a generated one and is first made unique among the user's meetings. Then the checkbox
 * lines of the user's My notes are added to the action items (services/notes/sync-note-tasks.ts).
 * Saving a transcript deletes the meeting's live draft segments in the same transaction
 * (services/live/clear-live-transcript.ts).
 * @throws what the database throws (the job retries)
 */
export async function saveResults(
  deps: PipelineDeps,
  job: MeetingProcessJob,
  update: MeetingUpdate,
  items: ActionItemSuggestion[] = [],
  uniqueOn?: Date,
): Promise<void> {
  let hadLive = false;
  await deps.database.db.transaction(async (tx) => {
    if (uniqueOn && update.title) {
      const db = tx as unknown as Database;
      update = {
        ...update,
        title: await uniqueMeetingTitle(db, job.userId, update.title, uniqueOn, job.meetingId),
      };
    }
    const updated = await tx
      .update(meetings)
      .set({
        ...update,
        // Names were given to the labels of the transcript being replaced; a call's transcript
        // starts with the account holder's (and maybe the other attendee's) name.
        // Voiceprints and suggestions describe the new transcript's speakers or none.
        ...(update.transcript !== undefined && {
          speakerNames: update.speakerNames ?? {},
          speakerSuggestions: update.speakerSuggestions ?? {},
          speakerEmbeddings: update.speakerEmbeddings ?? null,
        }),
        isProcessing: false,
        isRecording: false,
        isPaused: false,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(meetings.id, job.meetingId),
          eq(meetings.userId, job.userId),
          eq(meetings.isProcessing, true),
        ),
      )
      .returning({ id: meetings.id });
    // The final transcript replaces the live draft (a failed run keeps the draft, marked ended).
    if (updated.length > 0 && update.transcript !== undefined) {
      hadLive = await clearLiveTranscript(tx as unknown as Database, job.meetingId);
    }
    if (updated.length === 0 || items.length === 0) return;
    if (job.retranscribe) {
      await tx
        .delete(todos)
        .where(
          and(
            eq(todos.meetingId, job.meetingId),
            eq(todos.userId, job.userId),
            eq(todos.completed, false),
            eq(todos.updatedAt, todos.createdAt),
          ),
        );
    }
    await tx.insert(todos).values(
      items.map((item) => ({
        userId: job.userId,
        meetingId: job.meetingId,
        title: item.title,
        description: item.description || null,
        assignedTo: item.assignedTo,
        completed: false,
        priority: 'none' as const,
      })),
    );
  });
  if (hadLive) {
    await publishLiveState(deps.database, job.userId, { meetingId: job.meetingId, state: 'ended' });
  }
  // The checkbox lines of My notes join the action items (none twice, so every save may).
  await syncNoteTasks(deps.database.db, job.userId, job.meetingId);
}
