/**
 * In the browser, against the Google fake: sign in with Google, create a meeting with a transcript
 * and its speakers through the API (no recognised word is asserted, so no recording waits on
 * speech-to-text), link it to the weekly recurring event through the header's 'Link calendar
 * event' popover (search, keyboard), see the 'Recurring' badge, the attendees as avatars with the
 * '+N' tooltip 'Additional attendees:' beside the meeting's speakers, and the meeting's groups;
 * unlink it through the actions menu, which gives back exactly the speakers. The fake listens on
 * the port the server's GOOGLE_BASE_URL names.
 */
import { eventId, startFakeGoogle, type FakeGoogle } from '@summy/fakes/google';
import { expect, test, type Page } from '@playwright/test';
import { createMeeting, TRANSCRIPT } from '../fixtures/meeting-view';
import { shootStates } from '../fixtures/screenshots';
import { api, dismissTranscriptionPrompt } from '../fixtures/session';
import { fakeGooglePort } from '../playwright.config';

const WORK = 'ada@acme.test';

let google: FakeGoogle | undefined;

test.beforeAll(async () => {
  google = await startFakeGoogle({ port: fakeGooglePort });
});

test.afterAll(async () => {
  await google?.close();
});

interface SearchAnswer {
  events: { id: string; title: string; startTime: string; recurringEventId: string | null }[];
}

/**
 * The seeded 'Weekly sync' has five attendees, all of them drawn; four more guests from other
 * organisations (as the seed's other events invite) put four behind '+N' and add their domains'
 * groups. The series is replaced by id, from an instance the search finds, so it stays the seed's
 * Monday 10:00 series.
 */
async function inviteMoreToWeeklySync(page: Page): Promise<void> {
  const found = await api<SearchAnswer>(page, 'GET', '/api/calendar/search?q=Weekly%20sync');
  const starts = found.events
    .filter((event) => event.recurringEventId === eventId('weekly-sync'))
    .map((event) => Date.parse(event.startTime));
  expect(starts.length, 'the seeded weekly series is found').toBeGreaterThan(0);
  // The earliest instance found, so the past weeks' instances stay.
  const start = new Date(Math.min(...starts));
  const time = (date: Date) => ({
    dateTime: date.toISOString().replace('.000Z', 'Z'),
    timeZone: 'Europe/Berlin',
  });
  google!.addEvent(WORK, {
    id: eventId('weekly-sync'),
    summary: 'Weekly sync',
    description: 'Status round, blockers, next steps.',
    start: time(start),
    end: time(new Date(start.getTime() + 30 * 60_000)),
    recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO'],
    organizer: { email: WORK, displayName: 'Ada Lovelace', self: true },
    attendees: [
      { email: WORK, displayName: 'Ada Lovelace', self: true, responseStatus: 'accepted' },
      { email: 'bob.smith@acme.test', displayName: 'Bob Smith', responseStatus: 'accepted' },
      {
        email: 'carol.smith@globex.test',
        displayName: 'Carol Smith',
        responseStatus: 'needsAction',
      },
      { email: 'dave.smith@globex.test', displayName: 'Dave Smith', responseStatus: 'accepted' },
      {
        email: 'peter.gibbons@initech.test',
        displayName: 'Peter Gibbons',
        responseStatus: 'accepted',
      },
      { email: 'gavin.belson@hooli.test', displayName: 'Gavin Belson', responseStatus: 'accepted' },
      {
        email: 'alice.wesker@umbrella.test',
        displayName: 'Alice Wesker',
        responseStatus: 'tentative',
      },
      { email: 'legal@umbrella.test', responseStatus: 'needsAction' },
      { email: 'zoe.quinn@initech.test', displayName: 'Zoe Quinn', responseStatus: 'accepted' },
    ],
  });
}

test('link a meeting to the weekly event, see its people and groups, unlink', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('button', { name: WORK }).click();
  await expect(page).toHaveURL(/\/$/);
  await dismissTranscriptionPrompt(page);

  // Starting now, as a recording just made would: the popover suggests the events around it.
  const { id: meetingId } = await createMeeting(page, {
    title: 'JFK address',
    date: new Date().toISOString(),
    duration: 1,
    participants: ['Speaker 1', 'Speaker 2', 'Speaker 3'],
    transcript: TRANSCRIPT,
  });
  await inviteMoreToWeeklySync(page);
  const speakers = (
    await api<{ participants: string[] }>(page, 'GET', `/api/meetings/${meetingId}`)
  ).participants;
  expect(speakers.length, 'the meeting has speakers').toBeGreaterThan(0);

  await page.goto(`/meeting/${meetingId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'JFK address' })).toBeVisible();
  const linkButton = page.getByRole('button', { name: 'Link calendar event' });
  await expect(linkButton).toBeVisible();
  await expect(page.getByText('Recurring', { exact: true })).toHaveCount(0);

  // The popover: focus lands in the search box; an unknown title finds nothing.
  await linkButton.click();
  const popover = page.getByRole('dialog', { name: 'Link calendar event' });
  const search = popover.getByRole('combobox', { name: 'Search calendar events' });
  await expect(search).toBeFocused();
  await expect(search).toHaveAttribute('placeholder', 'Search calendar events...');
  // Before anything is typed: the events around the meeting's start, or none on a quiet day.
  await expect(
    popover.getByRole('option').first().or(popover.getByText('No events found')),
  ).toBeVisible();
  expect(await popover.getByRole('option').count()).toBeLessThanOrEqual(10);
  await shootStates(page, 'link-popover-suggestions');
  await search.fill('no such event anywhere');
  await expect(popover.getByText('No events found')).toBeVisible();

  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect(linkButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();
  await search.fill('weekly sync');
  const options = popover.getByRole('option');
  await expect(options.first()).toContainText('Weekly sync');
  expect(await options.count()).toBeLessThanOrEqual(10);
  await expect(options.first()).toContainText(WORK);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  // Arrow keys move the choice and wrap around.
  const count = await options.count();
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(count > 1 ? 1 : 0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await shootStates(page, 'link-popover');
  await expect(popover).toBeVisible();

  // Enter links the chosen event.
  await search.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Calendar event linked')).toBeVisible();
  await expect(page.getByText('Meeting has been linked to the calendar event')).toBeVisible();
  await expect(popover).toHaveCount(0);
  await expect(linkButton).toHaveCount(0);

  const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
  // The event's title (the first of two: the recurring group is named after it too).
  await expect(header.getByText('Weekly sync', { exact: true }).first()).toBeVisible();
  await expect(header.getByText('Recurring', { exact: true })).toBeVisible();

  // The speakers stay beside the attendees: linking does not replace who was heard.
  const speakerChips = header.getByRole('list', { name: 'Participants' });
  for (const speaker of speakers) {
    await expect(speakerChips.getByText(speaker, { exact: true })).toBeVisible();
  }
  await expect(speakerChips.getByText('Bob Smith', { exact: true })).toHaveCount(0);
  await expect(header.getByText('Speakers', { exact: true })).toBeVisible();

  // Nine attendees: five avatars, then '+4' naming the rest.
  const attendees = header.getByRole('list', { name: 'Attendees' });
  await expect(attendees.getByRole('button')).toHaveCount(6);
  const more = attendees.getByRole('button', { name: '4 more attendees' });
  await expect(more).toHaveText('+4');
  await attendees.getByRole('button', { name: 'Bob Smith (bob.smith@acme.test)' }).hover();
  await expect(page.getByRole('tooltip')).toContainText('bob.smith@acme.test');
  await page.mouse.move(0, 0, { steps: 4 });
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await more.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('Additional attendees:');
  await expect(tooltip).toContainText('Zoe Quinn (zoe.quinn@initech.test)');
  await expect(tooltip).toContainText('legal@umbrella.test');
  await shootStates(page, 'link-avatars-more');
  // Keyboard users reach the same tooltip.
  await page.mouse.move(0, 0, { steps: 4 });
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await more.focus();
  await expect(page.getByRole('tooltip')).toContainText('Additional attendees:');

  // Groups: one per external domain (acme.test is the user's own), one for the series.
  const groups = header.getByRole('list', { name: 'Groups' });
  for (const name of ['globex.test', 'initech.test', 'hooli.test', 'umbrella.test']) {
    await expect(groups.getByText(name, { exact: true })).toBeVisible();
  }
  await expect(groups.getByText('acme.test', { exact: true })).toHaveCount(0);
  await expect(
    groups.getByRole('listitem').filter({ hasText: /recurring event group/i }),
  ).toHaveText(/Weekly sync/);
  await page.keyboard.press('Tab');
  await page.mouse.move(0, 0, { steps: 4 });
  await shootStates(page, 'link-header');

  // The stored link survives a reload.
  await page.reload();
  await expect(header.getByText('Recurring', { exact: true })).toBeVisible();
  await expect(header.getByRole('list', { name: 'Attendees' }).getByRole('button')).toHaveCount(6);

  // Unlink through the actions menu: Enter confirms.
  await page.getByRole('button', { name: 'Meeting actions', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Unlink calendar event' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Calendar event unlinked')).toBeVisible();
  await expect(header.getByText('Recurring', { exact: true })).toHaveCount(0);
  await expect(header.getByRole('list', { name: 'Groups' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Link calendar event' })).toBeVisible();

  const stored = await api<{
    calendarEventId: string | null;
    calendarRecurringEventId: string | null;
    calendarAccountEmail: string | null;
    participants: string[];
  }>(page, 'GET', `/api/meetings/${meetingId}`);
  expect(stored.calendarEventId).toBeNull();
  expect(stored.calendarRecurringEventId).toBeNull();
  expect(stored.calendarAccountEmail).toBeNull();
  // Exactly the speakers that were there before the link.
  expect(stored.participants).toEqual(speakers);
  await expect(header.getByRole('list', { name: 'Attendees' })).toHaveCount(0);
  for (const speaker of speakers) {
    await expect(
      header.getByRole('list', { name: 'Participants' }).getByText(speaker),
    ).toBeVisible();
  }
});
