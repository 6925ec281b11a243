import type { UpdateMeetingInput } from '@summy/core';
import type { meetings } from '@summy/db';

type MeetingInsert = Partial<typeof meetings.$inferInsert>;

/**
 * Maps the app's camelCase fields to stored columns. Topics merge into `summary_data` so other
 * keys written there by the summary step survive.
 */
export function meetingColumns(
  input: UpdateMeetingInput,
  currentSummaryData: unknown,
): MeetingInsert {
  const { topics, date, ...rest } = input;
  const out: MeetingInsert = { ...rest };
  if (date !== undefined) out.date = new Date(date);
  if (topics !== undefined) {
    const base =
      currentSummaryData && typeof currentSummaryData === 'object' ? currentSummaryData : {};
    out.summaryData = { ...(base as Record<string, unknown>), topics };
  }
  return out;
}
