/**
 * In the browser: /meetings lists every meeting newest first with its date, duration, participants
 * and processing state, pages as the end of the list comes near (and by 'Load more meetings'), and
 * its search finds a meeting by a word said in it (the server's full-text index over transcripts)
 * or by its title, kept in the URL. Screenshots (RECORDER_SHOTS) of the list, a search and 'No
 * meetings found' at 1280 and 375 px, light and dark.
 */
import { expect, test, type Page } from '@playwright/test';
import { shootStates } from '../fixtures/screenshots';
import { dismissTranscriptionPrompt, signUp } from '../fixtures/session';

/** Rows the screen asks for per page (ALL_MEETINGS_PAGE_SIZE). */
const PAGE_SIZE = 50;
const TOTAL = 62;

/** Creates `TOTAL` meetings in one go from the page (same-origin, signed in); oldest first. */
async function seedMeetings(page: Page): Promise<void> {
  const base = Date.parse('2026-01-05T09:00:00Z');
  const bodies = Array.from({ length: TOTAL }, (_, i) => ({
    title: `Sync ${String(i).padStart(2, '0')}`,
    date: new Date(base + i * 3_600_000).toISOString(),
    duration: 15 + (i % 40),
    participants: i % 2 ? ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Barbara Liskov'] : [],
    transcript:
      i === 7
        ? 'Speaker 1: The zeppelin hangar lease ends in March.\nSpeaker 2: Then we renew it.'
        : 'Speaker 1: Status round, nothing new.',
  }));
  const failed = await page.evaluate(async (list) => {
    for (const body of list) {
      const response = await fetch('/api/meetings', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) return `${response.status} ${await response.text()}`;
    }
    return null;
  }, bodies);
  expect(failed).toBeNull();
}

function list(page: Page) {
  return page.getByRole('main').getByRole('list', { name: /meetings/i });
}

test('every meeting newest first, paged, with date, duration, participants and state', async ({
  page,
}) => {
  await signUp(page, '/privacy-policy');
  await dismissTranscriptionPrompt(page);
  await seedMeetings(page);
  // One meeting being processed, the newest.
  await page.evaluate(async () => {
    await fetch('/api/meetings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: 'Board meeting',
        date: '2026-03-01T09:00:00Z',
        isProcessing: true,
      }),
    });
  });

  await page.goto('/meetings');
  await expect(page).toHaveTitle('Meetings - Summy');
  const rows = list(page).getByRole('listitem');
  await expect(rows.first()).toContainText('Board meeting');
  await expect(rows.first()).toContainText('Processing');
  await expect(rows.nth(1)).toContainText(`Sync ${TOTAL - 1}`);
  // Sync 61: 15 + 21 minutes, four participants as three names and +1.
  await expect(rows.nth(1)).toContainText('36 min');
  await expect(rows.nth(1)).toContainText('Ada Lovelace, Grace Hopper, Alan Turing +1');
  await expect(rows.nth(1).locator('time')).toHaveAttribute('datetime', /^2026-01-0/);
  await shootStates(page, 'meetings-list');

  // The first page, then the rest as the end comes near.
  await expect(rows).toHaveCount(PAGE_SIZE);
  await page.getByRole('button', { name: 'Load more meetings' }).scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(TOTAL + 1);
  await expect(rows.last()).toContainText('Sync 00');
  await expect(page.getByRole('button', { name: 'Load more meetings' })).toHaveCount(0);

  // A row opens its meeting.
  await rows.filter({ hasText: 'Sync 07' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/meeting\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sync 07' })).toBeVisible();
});

test('search finds a meeting by a transcript word and by title, kept in the URL', async ({
  page,
}) => {
  await signUp(page, '/privacy-policy');
  await dismissTranscriptionPrompt(page);
  await seedMeetings(page);
  // The server indexes transcripts in the background, seconds after they are written.
  await expect
    .poll(
      () =>
        page.evaluate(
          async () =>
            ((await (await fetch('/api/meetings?search=zeppelin')).json()) as { items: unknown[] })
              .items.length,
        ),
      { timeout: 30_000 },
    )
    .toBe(1);
  await page.goto('/meetings');
  const search = page.getByRole('searchbox', { name: 'Search meetings' });
  const rows = list(page).getByRole('listitem');
  await expect(rows).toHaveCount(PAGE_SIZE);

  // 'zeppelin' is said only in Sync 07; 'leases' finds 'lease' (stemmed).
  await search.fill('zeppelin');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Sync 07');
  await expect(page).toHaveURL(/\/meetings\?q=zeppelin$/);
  await shootStates(page, 'meetings-search');
  await search.fill('leases');
  await expect(rows).toHaveText([/Sync 07/]);

  // By title.
  await search.fill('Sync 12');
  await expect(rows).toHaveText([/Sync 12/]);

  // Nothing found.
  await search.fill('quasar');
  await expect(page.getByText('No meetings found')).toBeVisible();
  await shootStates(page, 'meetings-empty-search');

  // Reloading keeps the search; Escape clears it.
  await search.fill('zeppelin');
  await expect(page).toHaveURL(/\?q=zeppelin$/);
  await page.reload();
  await expect(search).toHaveValue('zeppelin');
  await expect(rows).toHaveText([/Sync 07/]);
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(rows).toHaveCount(PAGE_SIZE);
  await expect(page).toHaveURL(/\/meetings$/);
});
