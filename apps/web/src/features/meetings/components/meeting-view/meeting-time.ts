/**
 * Times shown in the meeting view: the header's date and time range and playback positions of the
 * recording and its transcript turns.
 */
import { formatDate as format, isSameDay, isValidDate, NO_DATE } from '@/lib/date-format';

/**
 * A meeting's date and time range, e.g. `{ date: 'Tuesday, March 4, 2025', shortDate: 'Tue, Mar 4,
 * 2025', time: '2:00 PM – 2:45 PM' }` (`shortDate` fits a phone's line).
 * A meeting without a duration yet (still recording), or ending within the start's minute, shows
 * only its start time; one that runs past midnight names the end's day too. Odd stored values
 * never throw: an invalid start shows a dash and no time, a duration that is not
 * a finite number or gives no valid end (1e308) shows the start time alone.
 *
 * @param isoDate the meeting's start (ISO 8601)
 * @param durationMinutes the meeting's length in minutes
 */
export function meetingTimeRange(
  isoDate: string,
  durationMinutes: number,
): { date: string; shortDate: string; time: string } {
  const start = new Date(isoDate);
  if (!isValidDate(start)) return { date: NO_DATE, shortDate: NO_DATE, time: '' };
  const date = format(start, 'EEEE, MMMM d, yyyy');
  const shortDate = format(start, 'EEE, MMM d, yyyy');
  const startTime = format(start, 'h:mm a');
  if (!(durationMinutes > 0)) return { date, shortDate, time: startTime };
  const end = new Date(start.getTime() + Math.round(durationMinutes * 60) * 1000);
  if (!isValidDate(end)) return { date, shortDate, time: startTime };
  const endTime = isSameDay(start, end) ? format(end, 'h:mm a') : format(end, 'MMM d, h:mm a');
  // A meeting shorter than the minute shown would read '3:12 AM – 3:12 AM'.
  if (endTime === startTime) return { date, shortDate, time: startTime };
  return { date, shortDate, time: `${startTime} – ${endTime}` };
}

/** Start of one transcript turn on the recording, and whether it was measured or estimated. */
export interface TurnStart {
  /** Seconds from the start of the recording. */
  start: number;
  /** True when taken from the stored turn times, false when estimated from the text position. */
  exact: boolean;
}

/**
 * Where each displayed turn starts on the recording. The stored turn times are used when there is
 * exactly one per displayed turn (the transcript was not edited into a different shape since);
 * otherwise a turn's start is estimated from its character position, assuming an even pace.
 *
 * @param turns the parsed turns with their character offsets in the transcript
 * @param transcriptLength characters of the stored transcript
 * @param turnTimes the meeting's stored turn times (seconds), possibly empty
 * @param durationSeconds length of the recording; 0 or unknown gives no estimates
 * @returns one entry per turn, or null where no start can be given
 */
export function turnStarts(
  turns: readonly { offset: number }[],
  transcriptLength: number,
  turnTimes: readonly { start: number }[],
  durationSeconds: number,
): (TurnStart | null)[] {
  if (turnTimes.length > 0 && turnTimes.length === turns.length) {
    return turnTimes.map((time) => ({ start: Math.max(0, time.start), exact: true }));
  }
  if (!(durationSeconds > 0 && Number.isFinite(durationSeconds)) || !(transcriptLength > 0)) {
    return turns.map(() => null);
  }
  return turns.map((turn) => ({
    start: (turn.offset / transcriptLength) * durationSeconds,
    exact: false,
  }));
}

/**
 * Index of the turn being played at `seconds`: the last turn that started at or before it, or -1
 * before the first.
 *
 * @param starts turn starts in order (nulls are skipped)
 * @param seconds the playback position
 */
export function activeTurnIndex(starts: readonly (TurnStart | null)[], seconds: number): number {
  let active = -1;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i];
    if (!start) continue;
    if (start.start <= seconds + 0.05) active = i;
    else break;
  }
  return active;
}
