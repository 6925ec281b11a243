import { and, eq } from 'drizzle-orm';
import { noteLinesOf, noteTasksOf, TEXT_LIMITS } from '@summy/core';
import { meetingNotes, meetings, todos, type Database } from '@summy/db';

type PeopleColumns = Pick<
  typeof meetings.$inferSelect,
  'participants' | 'speakerNames' | 'calendarEventAttendees'
>;

/**
 * The names a checkbox line may give as its owner: the names given to the transcript's
 * speakers, the participants and the calendar attendees' names.
 */
export function meetingPeople(meeting: PeopleColumns): string[] {
  return [
    ...Object.values(meeting.speakerNames ?? {}),
    ...(meeting.participants ?? []),
    ...(meeting.calendarEventAttendees ?? []).map((a) => a.name ?? ''),
  ].filter((name) => name.trim());
}

/** How two to-do titles are compared: case and surrounding spaces aside. */
const titleKey = (title: string) => title.trim().toLocaleLowerCase('en-US');

/**
 * Adds the checkbox lines of the user's My notes of a meeting to its to-dos (action items): not
 * starred, linked to the meeting, completed when the line is ticked, the owner the line names
 * among the meeting's people (`taskOwner`). A line whose title a to-do of the meeting already
 * has (case-insensitive, trimmed) is not added again, so the pipeline and every regeneration
 * may call this. The meeting's row is locked meanwhile, so two runs at once add each line once.
 * Nothing happens for a meeting that is gone or another user's. docs/product.md#my-notes.
 * @returns how many to-dos were added
 */
export async function syncNoteTasks(
  db: Database,
  userId: string,
  meetingId: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [meeting] = await tx
      .select({
        participants: meetings.participants,
        speakerNames: meetings.speakerNames,
        calendarEventAttendees: meetings.calendarEventAttendees,
      })
      .from(meetings)
      .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)))
      .for('update');
    if (!meeting) return 0;
    const [notes] = await tx
      .select({ blocks: meetingNotes.blocks })
      .from(meetingNotes)
      .where(and(eq(meetingNotes.meetingId, meetingId), eq(meetingNotes.userId, userId)));
    const tasks = noteTasksOf(noteLinesOf(notes?.blocks ?? []), meetingPeople(meeting));
    if (tasks.length === 0) return 0;
    const existing = await tx
      .select({ title: todos.title })
      .from(todos)
      .where(and(eq(todos.meetingId, meetingId), eq(todos.userId, userId)));
    const seen = new Set(existing.map((t) => titleKey(t.title)));
    const fresh = tasks
      .map((task) => ({ ...task, title: task.title.trim().slice(0, TEXT_LIMITS.todoTitle) }))
      .filter((task) => {
        const key = titleKey(task.title);
        if (!key || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    if (fresh.length === 0) return 0;
    const now = new Date();
    await tx.insert(todos).values(
      fresh.map((task) => ({
        userId,
        meetingId,
        title: task.title,
        assignedTo: task.assignedTo?.slice(0, TEXT_LIMITS.personName) ?? null,
        completed: task.completed,
        completedAt: task.completed ? now : null,
        priority: 'none' as const,
      })),
    );
    return fresh.length;
  });
}
