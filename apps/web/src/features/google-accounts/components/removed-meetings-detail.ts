/**
 * What removal does to the `count` meetings linked through the account (the real count from
 * `/accounts/{id}/meetings`, not the original's random placeholder).
 */
export function removedMeetingsDetail(count: number): string {
  if (count === 0) return 'No meetings are linked to its calendar events.';
  const subject = count === 1 ? '1 meeting is' : `${count} meetings are`;
  return `${subject} linked to its calendar events. They keep all their data and are marked as from a removed account.`;
}
