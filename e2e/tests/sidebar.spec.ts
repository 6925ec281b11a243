/**
 * The sidebar: date groups, the 'Recording...' banner, the empty state, delete with its confirm
 * dialog, realtime updates without reload, selection following the route, and a 5,000-meeting list
 * that loads older pages as it scrolls while keeping only a window of rows in the DOM. Screenshots
 * of the sidebar go to SHOTS_DIR (default /tmp/shots-sidebar) for visual review.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { testdataPath } from '../../testdata/index';
import { signUp } from '../fixtures/session';
import { settled } from '../fixtures/settle';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-sidebar';
const DAY_MS = 24 * 60 * 60 * 1000;
const JFK_WAV = testdataPath('audio', 'jfk', 'jfk.wav');

interface CreatedMeeting {
  id: string;
  title: string;
}

/** Creates meetings through the API from the page, as the signed-in user (same-origin fetch). */
async function createMeetings(
  page: Page,
  meetings: { title: string; date: string; isRecording?: boolean; isProcessing?: boolean }[],
): Promise<CreatedMeeting[]> {
  return page.evaluate(async (bodies) => {
    const created: { id: string; title: string }[] = [];
    for (const body of bodies) {
      const response = await fetch('/api/meetings', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST /api/meetings: ${response.status}`);
      const meeting = (await response.json()) as { id: string; title: string };
      created.push({ id: meeting.id, title: meeting.title });
    }
    return created;
  }, meetings);
}

/** The sidebar: fixed from 768 px up, the drawer (a dialog) below; only one is mounted at a time. */
function sidebar(page: Page): Locator {
  return page
    .getByRole('complementary', { name: 'Sidebar' })
    .or(page.getByRole('dialog', { name: 'Sidebar' }));
}

function meetingsList(page: Page): Locator {
  return sidebar(page).getByRole('list', { name: 'Meetings' });
}

function row(page: Page, title: string): Locator {
  return meetingsList(page).getByRole('link', { name: title });
}

test('groups, recording banner, selection, realtime and delete', async ({ page, baseURL }) => {
  await signUp(page);

  // A fresh user sees the empty state.
  await expect(sidebar(page).getByText('No meetings yet')).toBeVisible();
  await expect(
    sidebar(page).getByText('Start recording to create your first meeting'),
  ).toBeVisible();

  const now = Date.now();
  const [today, lastWeek, previous30, past, recording] = await createMeetings(page, [
    { title: 'Standup today', date: new Date(now).toISOString() },
    { title: 'Design review', date: new Date(now - 3 * DAY_MS).toISOString() },
    { title: 'Quarterly planning', date: new Date(now - 20 * DAY_MS).toISOString() },
    { title: 'Project kickoff', date: new Date(now - 100 * DAY_MS).toISOString() },
    { title: 'Live interview', date: new Date(now).toISOString(), isRecording: true },
  ]);

  // The meetings arrive through the realtime stream: no reload.
  await expect(row(page, 'Project kickoff')).toBeVisible();
  await expect(sidebar(page).getByText('No meetings yet')).toHaveCount(0);

  // Group headings in order, and the rows in date order under them.
  await expect(meetingsList(page).getByRole('heading')).toHaveText([
    'Today',
    'Last week',
    'Previous 30 days',
    'Past',
  ]);
  await expect(meetingsList(page).getByRole('link')).toHaveText([
    /Standup today/,
    /Design review/,
    /Quarterly planning/,
    /Project kickoff/,
  ]);

  // The recording meeting is in the banner, not in the groups.
  const banner = sidebar(page).getByRole('link', { name: /Recording\.\.\./ });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Live interview');
  await expect(meetingsList(page).getByText('Live interview')).toHaveCount(0);

  // Selection follows the route: Home is current only without a selected meeting.
  const home = sidebar(page).getByRole('link', { name: 'Home' });
  await expect(home).toHaveAttribute('aria-current', 'page');
  await row(page, 'Design review').click();
  await expect(page).toHaveURL(new RegExp(`/meeting/${lastWeek!.id}$`));
  await expect(row(page, 'Design review')).toHaveAttribute('aria-current', 'page');
  await expect(home).not.toHaveAttribute('aria-current', 'page');
  await page.goto(`/meeting/${previous30!.id}`);
  await expect(row(page, 'Quarterly planning')).toHaveAttribute('aria-current', 'page');
  await expect(row(page, 'Design review')).not.toHaveAttribute('aria-current', 'page');
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(home).toHaveAttribute('aria-current', 'page');
  await expect(meetingsList(page).locator('[aria-current="page"]')).toHaveCount(0);

  // The banner opens the meeting being recorded.
  await banner.click();
  await expect(page).toHaveURL(new RegExp(`/meeting/${recording!.id}$`));

  // A change made elsewhere (not by this page) shows up without reload.
  const origin = { Origin: baseURL! };
  const patched = await page.request.patch(`/api/meetings/${today!.id}`, {
    data: { title: 'Standup renamed elsewhere' },
    headers: origin,
  });
  expect(patched.ok()).toBe(true);
  await expect(row(page, 'Standup renamed elsewhere')).toBeVisible();
  await expect(row(page, 'Standup today')).toHaveCount(0);
  const added = await page.request.post('/api/meetings', {
    data: { title: 'Added in the background', date: new Date().toISOString() },
    headers: origin,
  });
  expect(added.status()).toBe(201);
  await expect(row(page, 'Added in the background')).toBeVisible();

  // Delete the selected meeting through its row menu, by keyboard; Enter confirms.
  await page.goto(`/meeting/${past!.id}`);
  await expect(row(page, 'Project kickoff')).toHaveAttribute('aria-current', 'page');
  const actions = meetingsList(page).getByRole('button', {
    name: 'Meeting actions: Project kickoff',
  });
  await actions.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Delete' }).press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Delete meeting?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Meeting deleted')).toBeVisible();
  await expect(row(page, 'Project kickoff')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect(meetingsList(page).getByRole('heading', { name: 'Past' })).toHaveCount(0);

  // Delete another one with the mouse; Escape first cancels.
  await row(page, 'Quarterly planning').hover();
  await meetingsList(page)
    .getByRole('button', { name: 'Meeting actions: Quarterly planning' })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Quarterly planning')).toBeVisible();
  await row(page, 'Quarterly planning').hover();
  await meetingsList(page)
    .getByRole('button', { name: 'Meeting actions: Quarterly planning' })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'Quarterly planning')).toHaveCount(0);
  // Deleting a meeting that is not selected stays on the current page.
  await expect(page).toHaveURL(/\/$/);
});

test('Upload from file: a placeholder with byte progress, then the processing meeting', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, '/', 'Katherine Johnson');

  // Hold the upload on its way to the server so the placeholder can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/meetings/upload', async (route) => {
    await held;
    await route.continue();
  });

  await sidebar(page).getByRole('button', { name: 'New meeting' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Upload from file' }).click();
  await (await chooser).setFiles(JFK_WAV);

  const progress = sidebar(page).getByRole('progressbar', { name: 'Uploading jfk' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(sidebar(page).getByText('No meetings yet')).toHaveCount(0);
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, 'sidebar-upload-1280-light.png') });

  release();
  await expect(progress).toHaveCount(0);
  await expect(page).toHaveURL(/\/meeting\/[0-9a-f-]{36}$/);
  const meetingId = page.url().split('/').pop()!;
  const uploaded = meetingsList(page).locator(`a[href="/meeting/${meetingId}"]`);
  await expect(uploaded).toBeVisible();
  // The pipeline announces its steps under the title while it runs (when it is slow enough to
  // see), and its final notice shows as a toast.
  const label = uploaded.getByText(
    /^(Uploading|Transcribing|Summarizing|Analyzing|Saving|Converting|Processing)\.\.\.$/,
  );
  if (await label.isVisible().catch(() => false)) {
    await page.screenshot({ path: path.join(SHOTS_DIR, 'sidebar-progress-1280-light.png') });
  }
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible({
    timeout: 90_000,
  });
  await expect(uploaded.getByText('Processing', { exact: true })).toHaveCount(0, {
    timeout: 90_000,
  });
});

test('5,000 meetings: older pages load while scrolling, rows are virtualized', async ({ page }) => {
  test.setTimeout(300_000);
  await signUp(page, '/', 'Grace Hopper');

  const TOTAL = 5000;
  const seedStart = Date.now();
  // Seeded from the test's side (the page's cookies, Playwright's HTTP client) with no page open:
  // an open sidebar would refetch and render on each of the 5,000 creation events, which costs
  // minutes of browser CPU and tests nothing this test asserts. Parallel batches of 50, every two
  // hours back in time, so all four groups are filled.
  await page.goto('about:blank');
  const now = Date.now();
  for (let start = 0; start < TOTAL; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, TOTAL - start) }, async (_, k) => {
        const i = start + k;
        const response = await page.request.post('/api/meetings', {
          data: {
            title: `Meeting ${String(i + 1).padStart(4, '0')}`,
            date: new Date(now - i * 2 * 60 * 60 * 1000).toISOString(),
          },
        });
        expect(response.ok(), `POST /api/meetings: ${response.status()}`).toBe(true);
      }),
    );
  }
  console.log(`seeded ${TOTAL} meetings in ${Date.now() - seedStart} ms`);

  const listRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/api/meetings')
      listRequests.push(url.search);
  });
  await page.goto('/');
  await expect(row(page, 'Meeting 0001')).toBeVisible();

  const scroller = page.getByTestId('sidebar-meetings-scroll');
  const renderedRows = () => meetingsList(page).getByRole('listitem').count();
  expect(await renderedRows()).toBeLessThan(150);

  // Scroll to the end again and again; each time the end comes near, the next page loads.
  const last = row(page, `Meeting ${TOTAL}`);
  let maxRendered = 0;
  const height = () => scroller.evaluate((el) => el.scrollHeight);
  for (let round = 0; round < 200 && !(await last.isVisible()); round++) {
    const before = await height();
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    // The next page has come in (the list grew) or the end is on screen.
    await expect.poll(async () => (await last.isVisible()) || (await height()) > before).toBe(true);
    maxRendered = Math.max(maxRendered, await renderedRows());
  }
  await expect(last).toBeVisible();
  console.log(`scrolled to the end; at most ${maxRendered} rows in the DOM`);
  expect(maxRendered).toBeLessThan(150);
  expect(await renderedRows()).toBeLessThan(150);
  const cursors = listRequests.filter((search) => search.includes('cursor='));
  expect(cursors.length).toBeGreaterThanOrEqual(TOTAL / 100 - 1);

  // Back to the top, then screenshots for review: desktop and phone (drawer), light and dark.
  mkdirSync(SHOTS_DIR, { recursive: true });
  await createMeetingsForShots(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(row(page, 'Meeting 0002')).toBeVisible();
    await row(page, 'Meeting 0002').click();
    await row(page, 'Meeting 0004').hover();
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, `sidebar-1280-${theme}.png`) });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expect(row(page, 'Meeting 0003')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, `sidebar-375-${theme}.png`) });
    await page.keyboard.press('Escape');
  }
});

/** A recording and a processing meeting, so the screenshots show the banner and the spinner. */
async function createMeetingsForShots(page: Page): Promise<void> {
  await createMeetings(page, [
    { title: 'Weekly sync with design', date: new Date().toISOString(), isRecording: true },
    {
      title: 'Customer call: onboarding',
      date: new Date().toISOString(),
      isProcessing: true,
    },
  ]);
}
