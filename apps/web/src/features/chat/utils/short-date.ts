/** Short dates of the chat lists (Past chats, the @ picker). */

// Intl rather than date-fns: sharing date-fns with the sidebar would split it into a chunk of
// its own, one more file in every page's first download (bench/web). English, as the app is.
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const DAY_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/**
 * A date as lists in the panel show it: the time today ('3:04 PM'), else the day ('Mar 4'), with
 * the year when it is not this one ('Mar 4, 2024'); empty for an invalid date.
 */
export function shortDate(iso: string, now: Date = new Date(), withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (withTime && date.toDateString() === now.toDateString()) return TIME.format(date);
  return (date.getFullYear() === now.getFullYear() ? DAY : DAY_YEAR).format(date);
}
