/**
 * In the browser: the to-do screen at /todos. Add (an empty to-do straight into title edit), the
 * 500 ms debounced title save, Enter, blur, Escape and an empty title, the star, completion
 * ('Saved', kept apart under Completed), delete from the right-click menu and from the keyboard's
 * menu button with the 5 s undo (nothing reaches the server inside the window; closing the tab
 * inside it keeps the to-do), a failed update rolled back with 'Error' / 'Failed to update to-do',
 * changes from another tab, and the action items of an uploaded real recording listed with a link
 * to their meeting. Screenshots (RECORDER_SHOTS) of the loading, empty, filled, context-menu and
 * undo-toast states at 1280 and 375 px, light and dark.
 */
import path from 'node:path';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { startFakeAnthropic } from '@summy/fakes/llm';
import { HEALTHY_TIMEOUT_MS, spawnSummy, waitHealthy } from '../../apps/server/test/processes';
import { JFK_WAV } from '../fixtures/audio';
import { setTheme, shootStates } from '../fixtures/screenshots';
import { startSpeechFake } from '../fixtures/speech-fake';
import { api, dismissTranscriptionPrompt, signUp, uploadRecording } from '../fixtures/session';
import { holdsFor, settled } from '../fixtures/settle';

/** A to-do as `GET /api/todos` answers it (the fields the test reads). */
interface ApiTodo {
  id: string;
  title: string;
  completed: boolean;
  completedAt: string | null;
  priority: boolean;
  meetingId: string | null;
  meetingTitle?: string | null;
}

const listTodos = (page: Page) => api<ApiTodo[]>(page, 'GET', '/api/todos');

/** The server's copy of the to-do titled `title`, or undefined. */
async function serverTodo(page: Page, title: string): Promise<ApiTodo | undefined> {
  return (await listTodos(page)).find((t) => t.title === title);
}

/** The row of the to-do titled `title`. */
function row(page: Page, title: string) {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });
}

/** Every DELETE of a to-do the page sends, to prove the undo window keeps the server out of it. */
function recordDeletes(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'DELETE' && /\/api\/todos\//.test(request.url()))
      seen.push(request.url());
  });
  return seen;
}

/**
 * The right-click menu of `target` at 1280 and 375 px in both themes, opened anew at each size (a
 * menu opened at the pointer would be left outside a narrower window). Like `shootStates`, only
 * when RECORDER_SHOTS names a folder.
 */
async function shootContextMenu(page: Page, target: Locator, name: string): Promise<void> {
  const dir = process.env.RECORDER_SHOTS;
  if (!dir) return;
  const original = page.viewportSize();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      const box = (await target.boundingBox())!;
      await target.click({ button: 'right', position: { x: box.width * 0.45, y: 14 } });
      await expect(page.getByRole('menuitem', { name: 'Delete to-do' })).toBeVisible();
      await settled(page);
      await page.screenshot({ path: path.join(dir, `${name}-${width}-${theme}.png`) });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
    }
  }
  await page.evaluate(`document.documentElement.classList.remove('dark')`);
  if (original) await page.setViewportSize(original);
}

test.use({ locale: 'en-US' });

test('add, edit, star, complete, delete with undo, and the states of /todos', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, '/');
  await dismissTranscriptionPrompt(page);

  // Loading: the list's answer is held back until the screenshot is taken.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/todos', async (route) => {
    if (route.request().method() === 'GET') await held;
    // A request held here may have been given up by the page meanwhile (a refetch replaced it).
    await route.continue().catch(() => {});
  });
  await page.goto('/todos');
  await expect(page).toHaveTitle('Tasks - Summy');
  await expect(page.getByRole('heading', { level: 1, name: 'My to-dos' })).toBeVisible();
  await expect(page.getByText('Loading to-dos...')).toBeVisible();
  await shootStates(page, 'todos-loading');
  release();
  await page.unroute('**/api/todos');

  // Empty.
  await expect(page.getByText('No to-dos yet')).toBeVisible();
  await expect(page.getByText('Add a to-do to get started')).toBeVisible();
  await shootStates(page, 'todos-empty');

  // Add: an empty to-do, created on the server, straight into title edit.
  const add = page.getByRole('main').getByRole('button', { name: 'Add to-do' }).first();
  await add.click();
  await expect(page.getByText('Created', { exact: true })).toBeVisible();
  const input = page.getByRole('textbox', { name: 'To-do title' });
  await expect(input).toBeFocused();
  expect((await listTodos(page)).map((t) => t.title)).toEqual(['']);

  // Typing is saved 500 ms after the last key, before Enter.
  await input.pressSequentially('Book the venue', { delay: 20 });
  await expect.poll(async () => (await listTodos(page))[0]?.title).toBe('Book the venue');
  await input.press('Enter');
  await expect(input).toHaveCount(0);
  const venue = page.getByRole('button', { name: 'Book the venue', exact: true });
  await expect(venue).toBeFocused();

  // Escape cancels, also what the debounce already saved.
  await venue.press('Enter');
  await expect(input).toBeFocused();
  await input.fill('Something else entirely');
  await expect.poll(async () => (await listTodos(page))[0]?.title).toBe('Something else entirely');
  await input.press('Escape');
  await expect(venue).toBeVisible();
  await expect.poll(async () => (await listTodos(page))[0]?.title).toBe('Book the venue');

  // An empty title cancels with no save; blur saves the trimmed title.
  await venue.click();
  await input.fill('   ');
  await input.press('Enter');
  await expect(venue).toBeVisible();
  await venue.click();
  await input.fill('  Book the venue for Friday  ');
  await page.getByRole('heading', { level: 1, name: 'My to-dos' }).click();
  const friday = page.getByRole('button', { name: 'Book the venue for Friday', exact: true });
  await expect(friday).toBeVisible();
  await expect
    .poll(async () => (await listTodos(page)).map((t) => t.title))
    .toEqual(['Book the venue for Friday']);

  // A second to-do; a third left empty is discarded rather than kept untitled.
  await add.click();
  await input.fill('Call the caterer');
  await input.press('Enter');
  await add.click();
  await expect(input).toBeFocused();
  await input.press('Escape');
  await expect(page.getByText('Untitled to-do')).toHaveCount(0);
  await expect
    .poll(async () => (await listTodos(page)).map((t) => t.title))
    .toEqual(['Call the caterer', 'Book the venue for Friday']);

  // Star: at once on screen, saved on the server.
  const star = row(page, 'Call the caterer').getByRole('button', { name: 'Priority' });
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await serverTodo(page, 'Call the caterer'))?.priority).toBe(true);

  // Complete: 'Saved', moved under Completed, completed_at set.
  await row(page, 'Book the venue for Friday').getByRole('checkbox').click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const completed = page.getByRole('region', { name: 'Completed (1)' });
  await expect(completed.getByRole('button', { name: 'Book the venue for Friday' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending (1)' })).toBeVisible();
  const done = await serverTodo(page, 'Book the venue for Friday');
  expect(done?.completed).toBe(true);
  expect(done?.completedAt).not.toBeNull();

  // An action item of a meeting, with its link, for the filled screenshot.
  const meeting = await api<{ id: string }>(page, 'POST', '/api/meetings', {
    title: 'Weekly planning',
  });
  await api(page, 'POST', '/api/todos', {
    title: 'Send the budget to finance',
    description: 'Include the venue quote and the catering estimate.',
    assignedTo: 'Grace Hopper',
    meetingId: meeting.id,
    priority: true,
  });
  // Arrives through the realtime stream, no reload.
  const budget = row(page, 'Send the budget to finance');
  await expect(budget).toBeVisible();
  await expect(budget.getByRole('link', { name: /Weekly planning/ })).toHaveAttribute(
    'href',
    `/meeting/${meeting.id}`,
  );
  await page.mouse.move(0, 0);
  await shootStates(page, 'todos-items');

  // Right-click opens the menu with 'Delete to-do'.
  await row(page, 'Call the caterer').click({ button: 'right', position: { x: 200, y: 12 } });
  const menuItem = page.getByRole('menuitem', { name: 'Delete to-do' });
  await expect(menuItem).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menuItem).toHaveCount(0);
  await shootContextMenu(page, row(page, 'Call the caterer'), 'todos-context-menu');

  // From the keyboard: the row's menu button, Delete, then Undo inside the window.
  const deletes = recordDeletes(page);
  const actions = row(page, 'Call the caterer').getByRole('button', { name: 'To-do actions' });
  await actions.focus();
  await page.keyboard.press('Enter');
  await expect(menuItem).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row(page, 'Call the caterer')).toHaveCount(0);
  await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(row(page, 'Call the caterer')).toBeVisible();
  // Past the 5 s window: nothing sent all along.
  await holdsFor('no deletion sent after Undo', () => deletes.length === 0, 5_500);
  expect(await serverTodo(page, 'Call the caterer')).toBeDefined();

  // Without Undo the deletion reaches the server once the window ends, not before.
  await row(page, 'Book the venue for Friday').click({
    button: 'right',
    position: { x: 200, y: 12 },
  });
  await menuItem.click();
  await expect(row(page, 'Book the venue for Friday')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Completed/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  expect(await serverTodo(page, 'Book the venue for Friday')).toBeDefined();
  await page.mouse.move(0, 0);
  await shootStates(page, 'todos-undo-toast');
  await expect.poll(() => deletes.length, { timeout: 10_000 }).toBe(1);
  await expect.poll(async () => serverTodo(page, 'Book the venue for Friday')).toBeUndefined();

  // A failed update puts the star back and says so.
  await page.route('**/api/todos/*', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Internal error', details: 'test' }),
        })
      : route.continue(),
  );
  const budgetStar = budget.getByRole('button', { name: 'Priority' });
  await expect(budgetStar).toHaveAttribute('aria-pressed', 'true');
  await budgetStar.click();
  await expect(page.getByText('Failed to update to-do')).toBeVisible();
  await expect(budgetStar).toHaveAttribute('aria-pressed', 'true');
  await page.unroute('**/api/todos/*');
  expect((await serverTodo(page, 'Send the budget to finance'))?.priority).toBe(true);
});

test('another tab: its changes arrive live; closing it inside the undo window keeps the to-do', async ({
  page,
  context,
}) => {
  await signUp(page, '/');
  await dismissTranscriptionPrompt(page);
  await api(page, 'POST', '/api/todos', { title: 'Water the plants' });
  await page.goto('/todos');
  await expect(row(page, 'Water the plants')).toBeVisible();

  const other = await context.newPage();
  await other.goto('/todos');
  await expect(row(other, 'Water the plants')).toBeVisible();

  // Renamed and starred in the other tab: this one follows without a reload.
  await row(other, 'Water the plants').getByRole('button', { name: 'Water the plants' }).click();
  await other.getByRole('textbox', { name: 'To-do title' }).fill('Water the ferns');
  await other.keyboard.press('Enter');
  await row(other, 'Water the ferns').getByRole('button', { name: 'Priority' }).click();
  await expect(row(page, 'Water the ferns')).toBeVisible();
  await expect(
    row(page, 'Water the ferns').getByRole('button', { name: 'Priority' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Deleted in the other tab, which is closed inside the window: the to-do stays.
  await row(other, 'Water the ferns').click({ button: 'right', position: { x: 200, y: 12 } });
  await other.getByRole('menuitem', { name: 'Delete to-do' }).click();
  await expect(row(other, 'Water the ferns')).toHaveCount(0);
  await other.close();
  await holdsFor(
    'the to-do stays on the server',
    async () => (await serverTodo(page, 'Water the ferns')) !== undefined,
    5_500,
  );
  await page.reload();
  await expect(row(page, 'Water the ferns')).toBeVisible();
});

/**
 * The pipeline's action items reach /todos live. The recording and its transcription are real
 * (jfk.wav through the server's PocketSphinx fallback); the action items come from the Anthropic
 * fake's scripted answer, on a Summy of this test's own, because the offline rule-based extractor
 * finds no commitment in the PocketSphinx text of any shared recording (JFK's speech has none to
 * find) and no language model runs here.
 */
test('the action items of an uploaded real recording appear in /todos', async ({ browser }) => {
  test.setTimeout(HEALTHY_TIMEOUT_MS + 120_000);
  const llm = await startFakeAnthropic();
  // The to-dos are checked, not the recogniser: jfk.wav's words come from the Deepgram fake.
  const speech = await startSpeechFake();
  const summy = await spawnSummy(
    {
      ANTHROPIC_API_KEY: llm.apiKey,
      ANTHROPIC_BASE_URL: llm.url,
      ...speech.settings,
      TRUST_PROXY: 'true',
    },
    { migrated: true },
  );
  try {
    await waitHealthy(summy);
    const context = await browser.newContext({ baseURL: summy.url, locale: 'en-US' });
    const page = await context.newPage();
    await signUp(page, '/');
    await dismissTranscriptionPrompt(page);
    await page.goto('/todos');
    await expect(page.getByText('No to-dos yet')).toBeVisible();

    const meetingId = await uploadRecording(page, summy.origin, JFK_WAV, 'JFK address');
    // Listed while the page stays open: the pipeline's inserts come through the realtime stream.
    const item = row(page, 'Send the revised budget to finance');
    await expect(item).toBeVisible({ timeout: 180_000 });
    const meeting = await api<{ title: string; transcript: string | null }>(
      page,
      'GET',
      `/api/meetings/${meetingId}`,
    );
    // The recording's transcript reached the meeting (the title is the fake's, as generated
    // titles are).
    expect(meeting.transcript).toMatch(/country/);
    const link = item.getByRole('link', { name: `From meeting ${meeting.title}` });
    await expect(link).toHaveAttribute('href', `/meeting/${meetingId}`);
    const items = (await listTodos(page)).filter((t) => t.meetingId === meetingId);
    expect(items.map((t) => t.title)).toEqual(['Send the revised budget to finance']);

    // It leads to its meeting.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/meeting/${meetingId}$`));
    await context.close();
  } finally {
    await summy.stop();
    await llm.close();
    await speech.fake.close();
  }
});
