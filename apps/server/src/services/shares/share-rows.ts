/** Maps `meeting_shares` rows to the owner's view of a link. */
import type { Meeting, SharedMeeting, ShareLink } from '@summy/core';
import type { meetingShares } from '@summy/db';

type ShareRow = typeof meetingShares.$inferSelect;

/** The parts a stored link shows. */
export function partsOf(row: ShareRow): ShareLink['parts'] {
  return {
    summary: row.includeSummary,
    actionItems: row.includeActionItems,
    transcript: row.includeTranscript,
    recording: row.includeAudio,
    notes: row.includeNotes,
  };
}

/** A stored link with its meeting's title, as its owner lists it (never the token or hashes). */
export function toShareLink(row: ShareRow, meetingTitle: string): ShareLink {
  return {
    id: row.id,
    meetingId: row.meetingId,
    meetingTitle,
    parts: partsOf(row),
    hasPassword: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    viewCount: row.viewCount,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
  };
}

/** A meeting's action items as a shared page or a viewer sees them: no ids, no links. */
export function sharedActionItems(meeting: Meeting): NonNullable<SharedMeeting['actionItems']> {
  return meeting.actionItems.map(({ title, assignedTo, completed }) => ({
    title,
    assignedTo,
    completed,
  }));
}
