/**
 * In the browser: the week calendar at /calendar against the Google fake. Signed in with Google
 * through the fake's account picker, the seeded week shows overlapping events side by side, the
 * all-day row collapsed to per-day counts and expanded, dashed unanswered invitations, the
 * current-time line; weeks move with previous/next/Today; an event opens its details and, once a
 * meeting is linked to it, that meeting. A person without Google sees the connect prompt and
 * connects in the popup; a server without Google says so. Screenshots of every state
 * (RECORDER_SHOTS) at 1280 and 375 px, light and dark.
 *
 * The browser runs in Berlin time, the seeded account's zone, so the seed's days are the grid's.
 */
import { startFakeGoogle, type FakeGoogle } from '@summy/fakes/google';
import { expect, test, type Page } from '@playwright/test';
import { HEALTHY_TIMEOUT_MS, spawnSummy, waitHealthy } from '../../apps/server/test/processes';
import { signInWithGoogle } from '../fixtures/google';
import { shootStates } from '../fixtures/screenshots';
import { signUp, TEST_PASSWORD } from '../fixtures/session';
import { fakeGooglePort } from '../playwright.config';

const WORK = 'ada@acme.test';
const BULK = 'grace@globex.test';
const ZONE = 'Europe/Berlin';

let google: FakeGoogle | undefined;

test.use({ timezoneId: ZONE });

test.beforeAll(async () => {
  google = await startFakeGoogle({ port: fakeGooglePort });
});

test.afterAll(async () => {
  await google?.close();
});

/** The seed's week is the ISO week (Monday first) around today; on a Sunday that is last week. */
function seedWeekIsPrevious(): boolean {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short' });
  return weekday.format(new Date()) === 'Sun';
}

/** An event block or all-day bar by its title (their names start with the title). */
function eventButton(page: Page, title: string) {
  return page.getByRole('button', { name: new RegExp(`^${title},`) });
}

async function weekNumber(page: Page): Promise<number> {
  const text = await page.getByText(/^Week \d+$/).textContent();
  return Number(text?.replace('Week ', ''));
}

test('the week with overlapping and all-day events, navigation and details', async ({ page }) => {
  await signInWithGoogle(page, WORK);

  // Skeleton first: the week's answer is held back (not changed) until its screenshots are taken.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/calendar/events?**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/calendar');
  await expect(page).toHaveTitle('Coming up - Summy');
  await expect(page.getByText(/^Week \d+$/)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toBeVisible();
  await shootStates(page, 'calendar-skeleton');
  release();

  if (seedWeekIsPrevious()) await page.getByRole('button', { name: 'Previous week' }).click();
  else await expect(page.getByTestId('current-time-line')).toHaveCount(1);

  // Overlapping events side by side: Design review 11:00-12:00 and Lunch with Hooli 11:30-12:30.
  const design = eventButton(page, 'Design review');
  const lunch = eventButton(page, 'Lunch with Hooli');
  await expect(design).toBeVisible();
  const a = (await design.boundingBox())!;
  const b = (await lunch.boundingBox())!;
  expect(b.x).toBeGreaterThan(a.x + a.width - 4);
  expect(b.y).toBeGreaterThan(a.y);
  expect(b.y).toBeLessThan(a.y + a.height);
  // 80 px an hour: the one-hour review is 80 px tall, its time range written inside.
  expect(Math.round(a.height)).toBe(80);
  await expect(design).toContainText('11 AM – 12 PM');
  // 30 minutes is not over 30: no time range in the block.
  await expect(eventButton(page, '1:1 Ada / Bob')).not.toContainText('AM');

  // An unanswered invitation is outlined with dashes.
  const kickoff = eventButton(page, 'Globex kickoff');
  await expect(kickoff).toHaveAccessibleName(/Not answered$/);
  await expect(kickoff).toHaveCSS('border-top-style', 'dashed');
  // The declined vendor review is not shown.
  await expect(eventButton(page, 'Initech vendor review')).toHaveCount(0);

  // The all-day row: Bob out Mon-Wed, the offsite Tue-Thu and a holiday on Wednesday overlap, so
  // it starts collapsed with per-day counts.
  const counts = page.getByTestId('all-day-counts');
  await expect(counts.getByRole('button', { name: '3 events' })).toBeVisible();
  await expect(counts.getByRole('button', { name: '2 events' })).toBeVisible();
  await expect(eventButton(page, 'Team offsite')).toHaveCount(0);
  await shootStates(page, 'calendar-connected');

  await page.getByRole('button', { name: 'Expand all-day events' }).click();
  await expect(eventButton(page, 'Team offsite')).toBeVisible();
  await expect(eventButton(page, 'Founders day \\(holiday\\)')).toBeVisible();
  await expect(eventButton(page, 'Bob out of office')).toBeVisible();
  await expect(counts).toHaveCount(0);
  await shootStates(page, 'calendar-all-day-expanded');
  await page.getByRole('button', { name: 'Collapse all-day events' }).click();
  await expect(counts.getByRole('button', { name: '3 events' })).toBeVisible();
  // A count expands the row too.
  await counts.getByRole('button', { name: '3 events' }).click();
  await expect(eventButton(page, 'Team offsite')).toBeVisible();

  // Details of the weekly series' instance.
  await eventButton(page, 'Weekly sync').click();
  const details = page.getByRole('dialog', { name: 'Weekly sync' });
  await expect(details).toBeVisible();
  await expect(details.getByText('Recurring')).toBeVisible();
  await expect(details.getByText('Status round, blockers, next steps.')).toBeVisible();
  await expect(details.getByText('Berlin-3-Babbage (8)')).toBeVisible();
  await expect(details.getByRole('list', { name: 'Attendees' })).toBeVisible();
  await expect(details.getByRole('list', { name: 'Guest list' })).toContainText('Bob Smith');
  await expect(details).toContainText('10:00 AM – 10:30 AM');
  await expect(details.getByRole('link', { name: 'Open meeting' })).toHaveCount(0);
  await shootStates(page, 'calendar-event-details');
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  // Next week holds the Globex follow-up; Today comes back. The keys do the same.
  const week = await weekNumber(page);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(eventButton(page, 'Globex follow-up')).toBeVisible();
  await expect(eventButton(page, 'Design review')).toHaveCount(0);
  expect([week + 1, 1]).toContain(await weekNumber(page));
  await page.keyboard.press('ArrowLeft');
  await expect(eventButton(page, 'Design review')).toBeVisible();
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(eventButton(page, 'Globex follow-up')).toHaveCount(0);
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByTestId('current-time-line')).toHaveCount(1);

  // A meeting linked to an event opens from its details.
  if (seedWeekIsPrevious()) await page.getByRole('button', { name: 'Previous week' }).click();
  const eventId = await eventButton(page, 'Demo day').getAttribute('data-event-id');
  const meeting = await (
    await page.request.post('/api/meetings', { data: { title: 'Demo day notes' } })
  ).json();
  const linked = await page.request.post(`/api/meetings/${meeting.id}/calendar-event`, {
    data: { id: eventId, title: 'Demo day', attendees: [] },
  });
  expect(linked.ok(), await linked.text()).toBe(true);
  await page.reload();
  if (seedWeekIsPrevious()) await page.getByRole('button', { name: 'Previous week' }).click();
  await eventButton(page, 'Demo day').click();
  await page
    .getByRole('dialog', { name: 'Demo day' })
    .getByRole('link', { name: 'Open meeting' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/meeting/${meeting.id}$`));
});

test('a person without Google connects the calendar in the popup', async ({ page }) => {
  await signUp(page, '/calendar');
  await expect(page.getByRole('heading', { name: 'Connect your Google Calendar' })).toBeVisible();
  await shootStates(page, 'calendar-not-connected');

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
  const popup = await popupPromise;
  await expect(page.getByRole('button', { name: 'Connecting...' })).toBeDisabled();
  await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: BULK }).click();
  await closed;
  // grace's calendar: 30 events a day, every 20 minutes from 07:00.
  await expect(eventButton(page, 'Ticket triage \\d+').first()).toBeVisible();
  await expect(page.getByText(/^Week \d+$/)).toBeVisible();
});

test('a server without Google says so, and to ask its administrator', async ({ browser }) => {
  // A server of its own starts first: on a loaded machine that alone can take over a minute.
  test.setTimeout(HEALTHY_TIMEOUT_MS + 60_000);
  const server = await spawnSummy({}, { migrated: true });
  try {
    await waitHealthy(server);
    const context = await browser.newContext({ baseURL: server.url, timezoneId: ZONE });
    const page = await context.newPage();
    const email = `e2e-${Date.now()}@example.com`;
    const up = await page.request.post('/api/auth/sign-up/email', {
      data: { name: 'Grace Hopper', email, password: TEST_PASSWORD },
    });
    expect(up.ok(), await up.text()).toBe(true);
    const inn = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: TEST_PASSWORD },
    });
    expect(inn.ok(), await inn.text()).toBe(true);
    await page.goto('/calendar');
    await expect(
      page.getByRole('heading', { name: 'Google is not configured on this server' }),
    ).toBeVisible();
    await expect(
      page.getByText('Google sign-in is not set up on this server. Ask its administrator.'),
    ).toBeVisible();
    // The settings and docs are the operator's, in the server's log; never on a person's screen.
    await expect(page.getByText(/GOOGLE_CLIENT|self-hosting/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Connect/ })).toHaveCount(0);
    await shootStates(page, 'calendar-not-configured');
    await context.close();
  } finally {
    await server.stop();
  }
});
