/**
 * How the /meetings screen and the Home dashboard describe a meeting row: its duration, its
 * participants and its processing state, in words.
 */
import type { MeetingListItem } from '@summy/core';

/**
 * A meeting's length from the list's minutes: '45 sec' under a minute, '12 min', '1 h 5 min',
 * '2 h'; null for nothing recorded (0, negative or not a number), so the row leaves it out.
 */
export function formatMeetingDuration(minutes: number): string | null {
  if (!Number.isFinite(minutes) || minutes <= 0) return null;
  if (minutes < 1) return `${Math.max(1, Math.round(minutes * 60))} sec`;
  const total = Math.round(minutes);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * Participants as one short line: up to `shown` names, then '+N' for the others ('Ada, Grace +2');
 * null when none are known. Blank names are left out.
 */
export function participantsLine(
  participants: readonly string[] | undefined,
  shown = 3,
): string | null {
  const names = (participants ?? []).map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) return null;
  const head = names.slice(0, shown).join(', ');
  return names.length > shown ? `${head} +${names.length - shown}` : head;
}

/** Where a meeting is in its life: being recorded, being processed, or done. */
export type MeetingState = 'recording' | 'processing' | 'ready';

/** The {@link MeetingState} of a list row; recording wins over processing. */
export function meetingState(
  meeting: Pick<MeetingListItem, 'isRecording' | 'isProcessing'>,
): MeetingState {
  if (meeting.isRecording) return 'recording';
  if (meeting.isProcessing) return 'processing';
  return 'ready';
}
