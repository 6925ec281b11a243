/**
 * The meeting view (docs/product.md#meeting-view): header and page title, the four modes and their
 * strings, action items (completion, 'Open in my to-dos' leading to the same to-do, never a copy),
 * markdown link filtering, the actions menu behind confirm dialogs (Escape cancels, Enter
 * confirms), a virtualized 3-hour transcript, links into the view (`?view=&turn=`, as the
 * assistant's citations write them) scrolling to and highlighting a turn, and the recording's
 * player seeking to a clicked transcript turn. Screenshots of each mode go to SHOTS_DIR (default
 * /tmp/shots-meetingview); those of a cited turn and of Ask mode also to RECORDER_SHOTS when set.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { testdataPath } from '../../testdata/index';
import { setTheme, shootStates } from '../fixtures/screenshots';
import { api, dismissTranscriptionPrompt, signUp, uploadRecording } from '../fixtures/session';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-meetingview';
const JFK_WAV = testdataPath('audio', 'jfk', 'jfk.wav');

// The header's date and times are local: pin the zone so the expected strings are fixed.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

interface Meeting {
  id: string;
  title: string;
  isProcessing: boolean;
  transcript: string | null;
  turnTimes: { speaker: number; start: number; end: number }[];
}

/** The parts of an `<audio>` element the test reads (this package has no DOM typings). */
interface AudioLike {
  duration: number;
  currentTime: number;
}

interface Todo {
  id: string;
  title: string;
  meetingId: string | null;
  completed: boolean;
}

const TRANSCRIPT = [
  'Speaker 1: Welcome everyone. Today we settle the budget for the third quarter and the launch date.',
  'Speaker 2: Thanks. I looked at the numbers and we can afford the extra designer if we delay the offsite.',
  'Speaker 1: That works for me. Let us move the offsite to October.',
  'Speaker 3: I will book the venue once the date is final, and send the invitations next week.',
  'Speaker 2: Great. I will send the updated budget to finance by Friday.',
].join('\n\n');

const SUMMARY = [
  '## Overview',
  '',
  'The team agreed on the **Q3 budget** and moved the offsite to October to afford a new designer.',
  '',
  '## Decisions',
  '',
  '- Hire an extra designer this quarter',
  '- Offsite moves to October; details on [the project page](https://example.com/launch)',
  '- Ignore [this evil link](javascript:alert(1)) and [that one](JAVASCRIPT:alert(2))',
  '',
  '<script>window.__xss = 1</script>',
  '',
  '## Next steps',
  '',
  '1. Send the updated budget to finance',
  '2. Book the venue',
].join('\n');

async function createMeeting(page: Page, body: Record<string, unknown>): Promise<Meeting> {
  return api<Meeting>(page, 'POST', '/api/meetings', body);
}

async function createRichMeeting(page: Page): Promise<Meeting> {
  const meeting = await createMeeting(page, {
    title: 'Quarterly planning',
    date: '2025-03-04T14:00:00.000Z',
    duration: 45,
    participants: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'],
    transcript: TRANSCRIPT,
    summary: SUMMARY,
    topics: [
      { topic: 'Budget', confidence: 0.9 },
      { topic: 'Hiring', confidence: 0.8 },
      { topic: 'Offsite', confidence: 0.7 },
    ],
  });
  await api(page, 'PATCH', `/api/meetings/${meeting.id}`, {
    calendarEventId: 'evt-weekly-sync',
    calendarEventTitle: 'Weekly planning sync',
    calendarRecurringEventId: 'rec-weekly-sync',
  });
  for (const todo of [
    { title: 'Send the updated budget to finance', assignedTo: 'Grace Hopper', priority: true },
    { title: 'Book the offsite venue', description: 'October, for about 20 people' },
    { title: 'Post the designer job opening', assignedTo: 'Ada Lovelace' },
  ]) {
    await api(page, 'POST', '/api/todos', { ...todo, meetingId: meeting.id });
  }
  return meeting;
}

function bottomBar(page: Page): Locator {
  return page.getByRole('tablist', { name: 'Meeting view' });
}

function mode(page: Page, name: 'Summary' | 'Action Items' | 'Transcript' | 'Ask'): Locator {
  return bottomBar(page).getByRole('tab', { name });
}

async function openMenuItem(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Meeting actions', exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

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

/**
 * A meeting with a 3-hour transcript: 2,000 turns, 'Turn {n}:' at index n - 1, four speakers in
 * rotation (so no two neighbours merge).
 */
async function createLongMeeting(page: Page): Promise<Meeting> {
  const sentence =
    'we went through the open items of the plan and agreed on who follows up on each of them';
  const paragraphs: string[] = [];
  for (let i = 1; i <= 2000; i++) {
    paragraphs.push(`Speaker ${(i % 4) + 1}: Turn ${i}: ${sentence}.`);
  }
  const transcript = paragraphs.join('\n\n');
  expect(transcript.length).toBeGreaterThan(170_000);
  return createMeeting(page, {
    title: 'Three hour workshop',
    duration: 180,
    transcript,
    summary: 'A long workshop about the plan, with many open items and follow-ups.',
  });
}

test('a 3-hour transcript is virtualized and scrolls to its end', async ({ page }) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await createLongMeeting(page);

  await page.goto(`/meeting/${meeting.id}`);
  await mode(page, 'Transcript').click();
  await expect(page.getByText('2000 turns · 4 speakers')).toBeVisible();
  const cards = page.getByRole('list', { name: 'Transcript turns' }).getByRole('article');
  await expect(cards.first()).toContainText('Turn 1:');
  expect(await cards.count()).toBeLessThan(60);

  // Scroll to the end; row heights are measured as they appear, so repeat until it settles.
  const scroller = page.locator('[data-slot="meeting-scroll"]');
  await expect
    .poll(
      async () => {
        await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
        return page.getByText('Turn 2000:').isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(await cards.count()).toBeLessThan(60);

  // Estimated times: a turn can still be played from about where it is, once audio exists; here
  // there is no recording, so no play buttons.
  await expect(page.getByRole('button', { name: /^Play from/ })).toHaveCount(0);
});

/**
 * Follows an in-app link the way the assistant's citation does while the meeting is open: only the
 * address changes, through React Router's history (a push with a fresh key, announced by
 * popstate), without reloading the page.
 */
async function followInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((target) => {
    const { history } = globalThis as unknown as {
      history: {
        state: { idx?: number } | null;
        pushState(state: unknown, unused: string, url: string): void;
      };
    };
    const idx = (history.state?.idx ?? 0) + 1;
    const key = Math.random().toString(36).slice(2, 10);
    history.pushState({ usr: null, key, idx }, '', target);
    const events = globalThis as unknown as {
      dispatchEvent(event: unknown): boolean;
      PopStateEvent: new (type: string, init: { state: unknown }) => unknown;
    };
    events.dispatchEvent(new events.PopStateEvent('popstate', { state: history.state }));
  }, url);
}

test('a citation link scrolls to its transcript turn and highlights it', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await createLongMeeting(page);
  const base = `/meeting/${meeting.id}`;

  // Opened directly, far down the transcript: the card is on screen, marked and ringed.
  await page.goto(`${base}?view=transcript&turn=1500`);
  await expect(mode(page, 'Transcript')).toHaveAttribute('aria-selected', 'true');
  const list = page.getByRole('list', { name: 'Transcript turns' });
  const cited = list.locator('article[data-cited="true"]');
  await expect(cited).toHaveCount(1);
  await expect(cited).toContainText('Turn 1501:');
  await expect(cited).toHaveAttribute('aria-current', 'true');
  await expect(cited).toBeInViewport({ ratio: 0.99 });
  await expect(cited).not.toHaveCSS('box-shadow', 'none');
  // Centred in the scrolling area, so the turns before it give context.
  const scroller = (await page.locator('[data-slot="meeting-scroll"]').boundingBox())!;
  const card = (await cited.boundingBox())!;
  const offCentre = card.y + card.height / 2 - (scroller.y + scroller.height / 2);
  expect(Math.abs(offCentre)).toBeLessThan(scroller.height / 8);
  expect(await list.getByRole('article').count()).toBeLessThan(60);
  // Still there once every row near it has been measured.
  await page.waitForTimeout(1000);
  await expect(cited).toBeInViewport({ ratio: 0.99 });
  // The highlight fades after a few seconds.
  await expect(cited).toHaveCount(0, { timeout: 8000 });
  await expect(list.getByRole('article').filter({ hasText: 'Turn 1501:' })).not.toHaveAttribute(
    'aria-current',
  );

  // The view is already open: only the address changes, and it scrolls up to the new turn.
  await page.evaluate(() => ((globalThis as { __samePage?: boolean }).__samePage = true));
  await followInApp(page, `${base}?view=transcript&turn=40`);
  await expect(cited).toContainText('Turn 41:');
  await expect(cited).toBeInViewport({ ratio: 0.99 });
  await expect(cited).toHaveCount(1);

  // The same citation again, after the person scrolled away: it scrolls back.
  await expect(cited).toHaveCount(0, { timeout: 8000 });
  const turn41 = list.getByRole('article').filter({ hasText: 'Turn 41:' });
  await page.mouse.move(640, 400);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 1500);
  await expect(turn41).not.toBeInViewport();
  await followInApp(page, `${base}?view=transcript&turn=40`);
  await expect(cited).toContainText('Turn 41:');
  await expect(cited).toBeInViewport({ ratio: 0.99 });

  // From another mode, as a citation clicked while reading the summary.
  await mode(page, 'Summary').click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await followInApp(page, `${base}?view=transcript&turn=1999`);
  await expect(mode(page, 'Transcript')).toHaveAttribute('aria-selected', 'true');
  await expect(cited).toContainText('Turn 2000:');
  await expect(cited).toBeInViewport({ ratio: 0.99 });

  // Links to the other modes.
  await followInApp(page, `${base}?view=actions`);
  await expect(mode(page, 'Action Items')).toHaveAttribute('aria-selected', 'true');
  await followInApp(page, `${base}?view=summary`);
  await expect(mode(page, 'Summary')).toHaveAttribute('aria-selected', 'true');

  // Invalid turns are ignored: the transcript opens at its top, nothing is marked.
  for (const turn of ['-1', '2000', 'abc', '1.5']) {
    await followInApp(page, `${base}?view=transcript&turn=${turn}`);
    await expect(mode(page, 'Transcript')).toHaveAttribute('aria-selected', 'true');
    await expect(list.getByRole('article').first()).toContainText('Turn 1:');
    await expect(list.locator('[data-cited]')).toHaveCount(0);
    // Settled before the next link, as a person's next click would be: the bottom bar replaces
    // the address after the new mode paints, and a link pushed in that same frame races it.
    await mode(page, 'Summary').click();
    await expect(mode(page, 'Summary')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`${base}$`));
  }
  expect(await page.evaluate(() => (globalThis as { __samePage?: boolean }).__samePage)).toBe(true);

  // The bottom bar names the mode in the address, replacing the entry (Back leaves the meeting).
  const historyLength = () =>
    page.evaluate(() => (globalThis as unknown as { history: { length: number } }).history.length);
  const entries = await historyLength();
  await mode(page, 'Action Items').click();
  await expect(page).toHaveURL(new RegExp(`${base}\\?view=actions$`));
  await mode(page, 'Transcript').click();
  await expect(page).toHaveURL(new RegExp(`${base}\\?view=transcript$`));
  expect(await historyLength()).toBe(entries);
  // A reload keeps the mode.
  await page.reload();
  await expect(mode(page, 'Transcript')).toHaveAttribute('aria-selected', 'true');

  // For review: a cited turn in both themes and widths, followed at each width in turn (the other
  // width's shots then show it after a resize).
  if (process.env.RECORDER_SHOTS) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await followInApp(page, `${base}?view=transcript&turn=1500`);
      await expect(cited).toBeInViewport({ ratio: 0.99 });
      await page.waitForTimeout(400);
      await shootStates(page, `meeting-cited-turn-from-${width}`);
    }
  }
});

test('clicking a transcript turn seeks the recording to it', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meetingId = await uploadRecording(page, baseURL!, JFK_WAV, 'JFK address');

  let meeting: Meeting | undefined;
  await expect
    .poll(
      async () => {
        meeting = await api<Meeting>(page, 'GET', `/api/meetings/${meetingId}`);
        return meeting.isProcessing;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(false);
  expect(meeting?.transcript?.trim()).toBeTruthy();

  await page.goto(`/meeting/${meetingId}`);
  const player = page.getByRole('group', { name: 'Recording' });
  await expect(player).toBeVisible();
  await expect(player.getByRole('button', { name: 'Play recording' })).toBeEnabled();
  const audio = page.locator('audio');
  await expect
    .poll(() => audio.evaluate((element) => (element as unknown as AudioLike).duration))
    .toBeGreaterThan(10);

  // Move away from the start, then play from the last turn.
  await audio.evaluate((element) => {
    (element as unknown as AudioLike).currentTime = 9;
  });
  await mode(page, 'Transcript').click();
  const plays = page.getByRole('button', { name: /^Play from/ });
  // The transcript mode loads on demand: wait for its turns before counting them.
  await expect(plays.first()).toBeVisible();
  const count = await plays.count();
  expect(count).toBeGreaterThan(0);
  const last = plays.nth(count - 1);
  const expected =
    meeting!.turnTimes.length === count ? meeting!.turnTimes[count - 1]!.start : null;
  await last.click();
  const position = await audio.evaluate((element) => (element as unknown as AudioLike).currentTime);
  if (expected !== null) {
    expect(Math.abs(position - expected)).toBeLessThan(1);
    await expect(last).toHaveText(new RegExp(`^\\d\\d:\\d\\d$`));
  } else {
    expect(position).toBeLessThan(9);
  }
  await expect(player.getByRole('button', { name: 'Pause recording' })).toBeVisible();

  // The player in both themes and sizes, for review.
  mkdirSync(SHOTS_DIR, { recursive: true });
  await player.getByRole('button', { name: 'Pause recording' }).click();
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 375, height: 812 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SHOTS_DIR, `player-${size.name}-${theme}.png`) });
    }
  }
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
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${size.name}-${theme}.png`) });
      }
      await page.goto(`/meeting/${processing.id}`);
      await setTheme(page, theme);
      await expect(page.getByText('Processing...').first()).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SHOTS_DIR, `processing-${size.name}-${theme}.png`) });
    }
  }
});
