/**
 * The meeting view (docs/product.md#meeting-view): header and page title, the four modes and their
 * strings, action items (completion, 'Open in my to-dos' leading to the same to-do, never a copy),
 * markdown link filtering, the actions menu behind confirm dialogs (Escape cancels, Enter
 * confirms), a virtualized 3-hour transcript, links into the view (`?view=&turn=`, as the
 * assistant's citations write them) scrolling to and highlighting a turn, and the recording's
 * player seeking to a clicked transcript turn. Screenshots of each mode go to SHOTS_DIR (default
 * /tmp/shots-meetingview); those of a cited turn and of Ask mode also to RECORDER_SHOTS when set.
 * The transcript's tests (3-hour transcript, links to a turn, seeking) are in
 * meeting-view-transcript.spec.ts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { setTheme, shootStates } from '../fixtures/screenshots';
import { api, dismissTranscriptionPrompt, signUp } from '../fixtures/session';
import type { Todo } from '../fixtures/meeting-view';
import {
  SHOTS_DIR,
  createMeeting,
  createRichMeeting,
  mode,
  openMenuItem,
} from '../fixtures/meeting-view';
import { settled } from '../fixtures/settle';

// The header's date and times are local: pin the zone so the expected strings are fixed.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

test('header, modes, action items, links and the actions menu', async ({ page }) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await createRichMeeting(page);
  await page.goto(`/meeting/${meeting.id}`);

  // Header: date and time range, title, participants, the linked event with its badge.
  await expect(page.getByRole('heading', { level: 1, name: 'Quarterly planning' })).toBeVisible();
  await expect(page).toHaveTitle('Quarterly planning - Summy');
  await expect(page.getByText('Tuesday, March 4, 2025')).toBeVisible();
  await expect(page.getByText('2:00 PM – 2:45 PM')).toBeVisible();
  const participants = page.getByRole('list', { name: 'Participants' });
  for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing']) {
    await expect(participants.getByText(name)).toBeVisible();
  }
  await expect(page.getByText('Weekly planning sync')).toBeVisible();
  await expect(page.getByText('Recurring', { exact: true })).toBeVisible();

  // Summary is the default mode: markdown, topics, safe links, no raw HTML.
  await expect(mode(page, 'Summary')).toHaveAttribute('aria-selected', 'true');
  const summary = page.getByRole('article', { name: 'Summary' });
  await expect(summary.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Topics' }).getByText('Budget')).toBeVisible();
  const good = summary.getByRole('link', { name: 'the project page' });
  await expect(good).toHaveAttribute('href', 'https://example.com/launch');
  await expect(good).toHaveAttribute('target', '_blank');
  await expect(good).toHaveAttribute('rel', /noopener/);
  for (const text of ['this evil link', 'that one']) {
    const bad = summary.locator('a', { hasText: text });
    await expect(bad).toHaveCount(1);
    await expect(bad).not.toHaveAttribute('href', /.*/);
  }
  await expect(summary.locator('script')).toHaveCount(0);
  expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined();

  // The bottom bar works from the keyboard: arrows move between modes.
  await mode(page, 'Summary').focus();
  await page.keyboard.press('ArrowRight');
  await expect(mode(page, 'Action Items')).toBeFocused();
  await expect(mode(page, 'Action Items')).toHaveAttribute('aria-selected', 'true');

  // Action items: two sections with counts; toggling moves an item to Completed.
  await expect(page.getByRole('heading', { name: 'Pending Tasks (3)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Completed (0)' })).toBeVisible();
  const pending = page.getByRole('region', { name: /^Pending Tasks/ });
  const completed = page.getByRole('region', { name: /^Completed/ });
  await expect(pending.getByText('Grace Hopper')).toBeVisible();
  await expect(pending.getByText('Priority')).toBeVisible();
  const venueId = (await api<Todo[]>(page, 'GET', `/api/todos?meetingId=${meeting.id}`)).find(
    (todo) => todo.title === 'Book the offsite venue',
  )!.id;
  await pending.getByRole('checkbox', { name: 'Book the offsite venue' }).click();
  await expect(page.getByRole('heading', { name: 'Pending Tasks (2)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Completed (1)' })).toBeVisible();
  await expect(completed.getByRole('checkbox', { name: 'Book the offsite venue' })).toBeChecked();
  // Saved on the server, not only on screen, and the item keeps its title (the toggle sends
  // only `completed`).
  const savedVenue = async () => {
    const todos = await api<Todo[]>(page, 'GET', `/api/todos?meetingId=${meeting.id}`);
    return todos.find((todo) => todo.id === venueId);
  };
  await expect.poll(async () => (await savedVenue())?.completed).toBe(true);
  expect((await savedVenue())?.title).toBe('Book the offsite venue');
  await expect(completed.getByRole('checkbox', { name: 'Book the offsite venue' })).toBeChecked();

  // Every action item already is one of the user's to-dos: the hover-revealed control opens it
  // there instead of copying it, so the to-do screen lists it once, with its meeting.
  const item = pending.getByRole('listitem').filter({ hasText: 'Post the designer job opening' });
  const openInTodos = item.getByRole('link', { name: 'Open in my to-dos' });
  // The row's controls are revealed together, floating over its corner.
  const controls = openInTodos.locator('xpath=..');
  await page.mouse.move(0, 0);
  await expect(controls).toHaveCSS('opacity', '0');
  await item.hover();
  await expect(controls).toHaveCSS('opacity', '1');
  await shootStates(page, 'tasks-open-in-todos', () => item.hover());
  const before = await api<Todo[]>(page, 'GET', '/api/todos');
  await openInTodos.click();
  await expect(page).toHaveURL(/\/todos\?todo=/);
  const row = page.getByRole('listitem').filter({ hasText: 'Post the designer job opening' });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row.getByRole('button', { name: 'Post the designer job opening' })).toBeFocused();
  await expect(row.getByRole('link', { name: /Quarterly planning/ })).toBeVisible();
  expect(await api<Todo[]>(page, 'GET', '/api/todos')).toHaveLength(before.length);
  await shootStates(page, 'todos-opened-item');
  await page.goto('/');
  await expect(page.getByText('Post the designer job opening')).toHaveCount(1);
  await page.goto(`/meeting/${meeting.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Quarterly planning' })).toBeVisible();

  // Transcript: heading and one card per speaker turn with avatar and name.
  await mode(page, 'Transcript').click();
  await expect(page.getByRole('heading', { name: 'Meeting Transcript' })).toBeVisible();
  const turns = page.getByRole('list', { name: 'Transcript turns' }).getByRole('article');
  await expect(turns).toHaveCount(5);
  await expect(turns.nth(0).getByRole('heading', { name: 'Speaker 1' })).toBeVisible();
  await expect(turns.nth(1).getByRole('heading', { name: 'Speaker 2' })).toBeVisible();
  await expect(turns.nth(3)).toContainText('I will book the venue');
  await expect(turns.nth(0).getByText('S1', { exact: true })).toBeVisible();

  // Ask: switching to it opens the assistant's panel once; the mode itself is the way back into
  // it, with suggested questions (one from the first topic).
  await mode(page, 'Ask').click();
  await expect(page).toHaveURL(/[?&]view=ask$/);
  const assistant = page
    .getByRole('dialog', { name: 'Meeting Assistant' })
    .or(page.getByRole('complementary', { name: 'Meeting Assistant' }));
  await expect(assistant).toBeVisible();
  await assistant.getByRole('button', { name: 'Close' }).click();
  await expect(assistant).toBeHidden();
  const ask = page.getByRole('tabpanel', { name: 'Ask' });
  await expect(ask.getByRole('heading', { name: 'Meeting Assistant' })).toBeVisible();
  await expect(ask.getByText('Ask a question about the meeting', { exact: true })).toBeVisible();
  const open = ask.getByRole('button', { name: 'Open Meeting Assistant' });
  await expect(open).toBeEnabled();
  const suggestions = ask.getByRole('list', { name: 'Suggested questions' }).getByRole('button');
  await expect(suggestions).toHaveText([
    'What were the key decisions?',
    'What are the action items and who owns them?',
    'Summarize the discussion',
    'What was said about Budget?',
  ]);
  await expect(ask.getByText(/coming soon/i)).toHaveCount(0);
  await shootStates(page, 'meeting-ask');
  await open.click();
  await expect(assistant).toBeVisible();
  await assistant.getByRole('button', { name: 'Close' }).click();
  await expect(assistant).toBeHidden();

  // Unlink: Escape cancels, Enter confirms.
  await openMenuItem(page, 'Unlink calendar event');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByText('Weekly planning sync')).toBeVisible();
  await openMenuItem(page, 'Unlink calendar event');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Calendar event unlinked')).toBeVisible();
  await expect(page.getByText('Weekly planning sync')).toHaveCount(0);
  await expect(page.getByText('Recurring', { exact: true })).toHaveCount(0);
  // Nothing left to unlink: the item is gone from the menu.
  await page.getByRole('button', { name: 'Meeting actions', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Unlink calendar event' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Delete: Escape cancels, Enter deletes and leaves the page.
  await openMenuItem(page, 'Delete Meeting');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/meeting/${meeting.id}(\\?view=ask)?$`));
  await openMenuItem(page, 'Delete Meeting');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Meeting deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const gone = await page.evaluate(
    async (id) => (await fetch(`/api/meetings/${id}`)).status,
    meeting.id,
  );
  expect(gone).toBe(404);
});

test('empty, processing, failed and missing meetings', async ({ page }) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const empty = await createMeeting(page, { title: 'Empty meeting' });
  await page.goto(`/meeting/${empty.id}`);
  // A finished meeting without a summary opens on Summary, which says there is none.
  await expect(page.getByRole('radio', { name: 'Summary' })).toBeChecked();
  await expect(page.getByText('No summary available')).toBeVisible();
  await mode(page, 'Action Items').click();
  await expect(page.getByText('No action items')).toBeVisible();
  await mode(page, 'Transcript').click();
  await expect(page.getByText('No transcript available')).toBeVisible();

  // While processing, spinners with the step replace the empty messages.
  const processing = await createMeeting(page, {
    title: 'Processing meeting',
    isProcessing: true,
    summary: 'Summary will be generated soon',
  });
  await page.goto(`/meeting/${processing.id}`);
  await expect(page.getByText('Processing...').first()).toBeVisible();
  await expect(page.getByText('No summary available')).toHaveCount(0);
  await expect(page.getByText('Summary will be generated soon')).toHaveCount(0);
  await mode(page, 'Transcript').click();
  await expect(page.getByText('The transcript will appear here when it is ready.')).toBeVisible();
  await expect(page.getByText('No transcript available')).toHaveCount(0);

  // A meeting that does not exist.
  await page.goto('/meeting/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Meeting not found' })).toBeVisible();

  // A failed load says so and retries.
  let fail = true;
  await page.route(`**/api/meetings/${empty.id}`, (route) =>
    fail ? route.fulfill({ status: 500, body: '{"error":"Server error"}' }) : route.fallback(),
  );
  await page.goto(`/meeting/${empty.id}`);
  await expect(page.getByText('Failed to load meeting details')).toBeVisible({ timeout: 20_000 });
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Empty meeting' })).toBeVisible();
});

test('failures of action items show the documented toasts', async ({ page }) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await createMeeting(page, { title: 'Toast meeting' });
  await api(page, 'POST', '/api/todos', { title: 'Write the notes', meetingId: meeting.id });
  await page.goto(`/meeting/${meeting.id}`);
  await mode(page, 'Action Items').click();

  await page.route('**/api/todos/*', (route) =>
    route.fulfill({ status: 500, body: '{"error":"Server error"}' }),
  );
  const checkbox = page.getByRole('checkbox', { name: 'Write the notes' });
  await checkbox.click();
  await expect(page.getByText('Failed to update action item')).toBeVisible();
  // The optimistic change is rolled back.
  await expect(checkbox).not.toBeChecked();
  await expect(page.getByRole('heading', { name: 'Pending Tasks (1)' })).toBeVisible();

  // Reachable from the keyboard: Tab from the checkbox reaches the revealed link.
  await checkbox.focus();
  await page.keyboard.press('Tab');
  const open = page.getByRole('link', { name: 'Open in my to-dos' });
  await expect(open).toBeFocused();
  await expect(open.locator('xpath=..')).toHaveCSS('opacity', '1');
});

test('screenshots of each mode', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS_DIR, { recursive: true });
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await createRichMeeting(page);
  const processing = await createMeeting(page, {
    title: 'Design review',
    isProcessing: true,
    participants: ['Ada Lovelace', 'Grace Hopper'],
  });
  // One item completed, so both sections show.
  const items = await api<Todo[]>(page, 'GET', `/api/todos?meetingId=${meeting.id}`);
  await api(page, 'PATCH', `/api/todos/${items[0]!.id}`, { completed: true });

  const sizes = [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 375, height: 812 },
  ];
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of ['light', 'dark'] as const) {
      await page.goto(`/meeting/${meeting.id}`);
      await setTheme(page, theme);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      for (const [name, label] of [
        ['summary', 'Summary'],
        ['action-items', 'Action Items'],
        ['transcript', 'Transcript'],
        ['ask', 'Ask'],
      ] as const) {
        await mode(page, label).click();
        await page.mouse.move(0, 0);
        await settled(page);
        await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${size.name}-${theme}.png`) });
      }
      await page.goto(`/meeting/${processing.id}`);
      await setTheme(page, theme);
      await expect(page.getByText('Processing...').first()).toBeVisible();
      await settled(page);
      await page.screenshot({ path: path.join(SHOTS_DIR, `processing-${size.name}-${theme}.png`) });
    }
  }
});
