/**
 * The CalDAV server's answers, as tsdav hands them over, parsed with zod into the shapes the
 * mapping (session.ts, vtodo.ts) reads. tsdav turns XML text into numbers and booleans where it can
 * ('2025' becomes 2025) and keeps whatever element tree a server sends, so nothing it returns is
 * trusted: an answer of the wrong shape becomes RemindersUnavailableError (502 'Failed to connect
 * to Apple Reminders') naming what was being done, never a TypeError, and Summy stores nothing
 * from it.
 */
import { z } from 'zod';
import { REMINDERS_MESSAGES } from '@summy/core';
import { RemindersUnavailableError } from './errors.ts';

// XML text as tsdav gives it: a string, or a number or boolean it converted; anything else (an
// element tree where text was expected) reads as absent.
const xmlText = z
  .union([z.string(), z.number(), z.boolean()])
  .transform(String)
  .optional()
  .catch(undefined);

const absoluteUrl = z.string().refine((v) => URL.canParse(v), 'not an absolute URL');

/** One collection of tsdav's fetchCalendars: its URL, and the properties the list mapping reads. */
export const calendarAnswerSchema = z.object({
  url: absoluteUrl,
  displayName: xmlText,
  calendarColor: xmlText,
  // Component names ('VTODO'); absent or unreadable means "any component" (RFC 4791 5.2.3).
  components: z.array(z.string()).catch([]),
  resourcetype: z.array(z.string()).catch([]),
});

/** A collection as the list mapping reads it. */
export type CalendarAnswer = z.infer<typeof calendarAnswerSchema>;

/** One object of tsdav's fetchCalendarObjects; `data` is the iCalendar text when there is one. */
export const calendarObjectAnswerSchema = z.object({
  url: absoluteUrl,
  etag: xmlText,
  data: z.string().optional().catch(undefined),
});

/** An object as the reminder mapping reads it. */
export type CalendarObjectAnswer = z.infer<typeof calendarObjectAnswerSchema>;

/**
 * `value` parsed with `schema`.
 * @param what what Summy was doing ('listing lists'), for the error's details
 * @throws RemindersUnavailableError 502 'Failed to connect to Apple Reminders', details
 *   "Could not reach the CalDAV server: {what}: unreadable answer ({path}: {issue})"
 */
export function parseAnswer<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw new RemindersUnavailableError(
    `${REMINDERS_MESSAGES.serverUnreachable}: ${what}: unreadable answer (${where}${issue.message})`,
  );
}
