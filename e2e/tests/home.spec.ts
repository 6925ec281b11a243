/**
 * In the browser: the Home dashboard at / and /home. Without data: 'No recent meetings' with 'Start
 * recording', 'No upcoming events', 'Loading tasks...' then 'No tasks yet' / 'Tasks from your
 * meetings will appear here', and every 'View all' link. With data: the 4 newest meetings, the 3
 * next events of the Google fake with 'Record' on the one about to start, which starts a recording
 * linked to that event (fake microphone), and the 4 newest incomplete to-dos. Screenshots
 * (RECORDER_SHOTS) of Home empty and full at 1280 and 375 px, light and dark.
 */
import { startFakeGoogle, type FakeGoogle } from '@summy/fakes/google';
import { expect, test, type Page } from '@playwright/test';
import { FAKE_MICROPHONE } from '../fixtures/audio';
import { signInWithGoogle } from '../fixtures/google';
import { shootStates } from '../fixtures/screenshots';
import { api, dismissTranscriptionPrompt, signUp } from '../fixtures/session';
import { fakeGooglePort } from '../playwright.config';

const WORK = 'ada@acme.test';
const MEETING_URL = /\/meeting\/([0-9a-f-]{36})$/;

let google: FakeGoogle | undefined;

test.use({ timezoneId: 'Europe/Berlin', ...FAKE_MICROPHONE });

test.beforeAll(async () => {
  google = await startFakeGoogle({ port: fakeGooglePort });
});

test.afterAll(async () => {
  await google?.close();
});

/** A dashboard section by its heading. */
function section(page: Page, name: string) {
  return page.getByRole('region', { name });
}

test('Home without data: empty states, loading text and every View all link', async ({ page }) => {
  await signUp(page, '/privacy-policy');
  await dismissTranscriptionPrompt(page);
  // The to-do list is held back until 'Loading tasks...' was seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/todos', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/home');
  await expect(page).toHaveTitle('Home - Summy');

  const todos = section(page, 'Recent to-dos');
  await expect(todos.getByText('Loading tasks...')).toBeVisible();
  release();
  await expect(todos.getByText('No tasks yet')).toBeVisible();
  await expect(todos.getByText('Tasks from your meetings will appear here')).toBeVisible();

  const meetings = section(page, 'Recent meetings');
  await expect(meetings.getByText('No recent meetings')).toBeVisible();
  await expect(meetings.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  await expect(section(page, 'Upcoming events').getByText('No upcoming events')).toBeVisible();
  // The recorder panel stays on Home.
  await expect(page.getByRole('button', { name: 'Start Recording', exact: true })).toBeVisible();
  await shootStates(page, 'home-empty');
  // The cards below the recorder.
  await shootStates(page, 'home-empty-below', () =>
    page.getByRole('heading', { name: 'Recent to-dos' }).scrollIntoViewIfNeeded(),
  );

  for (const [name, link, path, heading] of [
    ['Recent meetings', 'View all meetings', '/meetings', 'Meetings'],
    ['Upcoming events', 'View all events', '/calendar', null],
    ['Recent to-dos', 'View all to-dos', '/todos', 'My to-dos'],
  ] as const) {
    await page.goto('/');
    await section(page, name).getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('Home with data: 4 meetings, 3 events with Record, 4 to-dos; Record links the event', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithGoogle(page, WORK);
  await dismissTranscriptionPrompt(page);

  // Six meetings a minute apart, dated just ahead so that meetings other specs gave this Google
  // user are older: the dashboard shows the 4 newest.
  const day = 86_400_000;
  const base = Date.now() + 60 * 60_000;
  for (let i = 0; i < 6; i++) {
    await api(page, 'POST', '/api/meetings', {
      title: `Dashboard meeting ${i}`,
      date: new Date(base + i * 60_000).toISOString(),
      duration: 30 + i,
      participants: ['Ada Lovelace', 'Grace Hopper'],
    });
  }
  // Five to-dos, the newest completed: the dashboard shows the 4 newest incomplete ones.
  for (let i = 0; i < 5; i++) {
    const todo = await api<{ id: string }>(page, 'POST', '/api/todos', { title: `Task ${i}` });
    if (i === 4) await api(page, 'PATCH', `/api/todos/${todo.id}`, { completed: true });
  }
  // An event starting in 2 minutes (Record offered) and two later ones.
  const at = (ms: number) => ({
    dateTime: new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    timeZone: 'Europe/Berlin',
  });
  const now = Date.now();
  const events = [
    ['dash-standup', 'Dashboard standup', now + 2 * 60_000],
    ['dash-review', 'Dashboard review', now + 3 * 3_600_000],
    ['dash-planning', 'Dashboard planning', now + 2 * day],
  ] as const;
  for (const [id, summary, start] of events) {
    google!.addEvent(WORK, {
      id,
      summary,
      start: at(start),
      end: at(start + 30 * 60_000),
      organizer: { email: WORK, self: true },
      attendees: [
        { email: WORK, displayName: 'Ada Lovelace', self: true, responseStatus: 'accepted' },
        { email: 'bob.smith@acme.test', displayName: 'Bob Smith', responseStatus: 'accepted' },
      ],
    });
  }

  await page.goto('/');
  const meetings = section(page, 'Recent meetings');
  await expect(meetings.getByRole('link')).toHaveCount(5); // 4 meetings + View all
  await expect(meetings.getByRole('listitem')).toHaveText([
    /Dashboard meeting 5/,
    /Dashboard meeting 4/,
    /Dashboard meeting 3/,
    /Dashboard meeting 2/,
  ]);
  await expect(meetings.getByRole('listitem').first()).toContainText('35 min');

  const todos = section(page, 'Recent to-dos');
  await expect(todos.getByRole('listitem')).toHaveText([/Task 3/, /Task 2/, /Task 1/, /Task 0/]);

  // The seed has events of its own this week: the 3 soonest are shown, the standup among them
  // (only a seed event running right now could come before it).
  const upcoming = section(page, 'Upcoming events');
  await expect(upcoming.getByRole('listitem')).toHaveCount(3);
  await expect(upcoming.getByText('Dashboard standup')).toBeVisible();
  await expect(upcoming.getByRole('button', { name: 'Record Dashboard standup' })).toBeVisible();
  // An event 3 hours away cannot be recorded yet.
  await expect(upcoming.getByRole('button', { name: 'Record Dashboard review' })).toHaveCount(0);
  await shootStates(page, 'home-full');
  // The cards below the recorder.
  await shootStates(page, 'home-full-below', () =>
    page.getByRole('heading', { name: 'Recent to-dos' }).scrollIntoViewIfNeeded(),
  );

  // A meeting card opens its meeting.
  await meetings.getByRole('link', { name: /Dashboard meeting 5/ }).click();
  await expect(page).toHaveURL(MEETING_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard meeting 5' })).toBeVisible();

  // Record from the event: the recording starts already linked to it.
  await page.goto('/');
  await section(page, 'Upcoming events')
    .getByRole('button', { name: 'Record Dashboard standup' })
    .click();
  await expect(page).toHaveURL(MEETING_URL);
  const id = MEETING_URL.exec(new URL(page.url()).pathname)![1]!;
  const meeting = await api<{
    title: string;
    isRecording: boolean;
    calendarEventId: string | null;
    calendarEventTitle: string | null;
    calendarEventAttendees: { email: string; name?: string | null }[] | null;
    participants: string[];
  }>(page, 'GET', `/api/meetings/${id}`);
  expect(meeting).toMatchObject({
    title: 'Dashboard standup',
    isRecording: true,
    calendarEventId: 'dash-standup',
    calendarEventTitle: 'Dashboard standup',
  });
  // The event's attendees sit beside the speakers; the link leaves the speakers alone.
  expect(meeting.calendarEventAttendees?.map((a) => a.name)).toContain('Bob Smith');
  expect(meeting.participants).toEqual([]);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect
    .poll(
      async () =>
        (await api<{ isRecording: boolean }>(page, 'GET', `/api/meetings/${id}`)).isRecording,
    )
    .toBe(false);
});
