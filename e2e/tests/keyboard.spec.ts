/**
 * Every action reachable by keyboard with a visible focus ring: the main actions done with the
 * keyboard only (Tab, Shift+Tab, Enter, Space, arrows, Home, Escape; never a click, nor a focus()
 * from the test), with their effects checked and a focus ring on every control the keys land on.
 * Opening a meeting from the sidebar, its four modes, the meeting actions menu and its delete
 * confirmation; Settings from the sidebar, its four tabs and the theme; a to-do added, named and
 * completed; the 'New meeting' menu, and a recording started, paused, resumed and stopped
 * (Chromium's fake microphone). axe-core (a11y.spec.ts's rules: WCAG
 * 2.0/2.1 A and AA, serious and critical, light and dark, 1280 and 375 px) also checks the
 * recorder panel while recording and paused, which no other spec reaches.
 */
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createAxeScanner, readFocus, VIEWPORTS } from '../fixtures/a11y';
import { FAKE_MICROPHONE } from '../fixtures/audio';
import { api, dismissTranscriptionPrompt, getMeeting, signUp } from '../fixtures/session';

const TITLE = 'Keyboard review';
const ACTION_ITEM = 'Check the tab order of every dialog';
const NEW_TODO = 'Label the icon buttons';
const MEETING_URL = /\/meeting\/([0-9a-f-]{36})$/;

// Chromium's fake microphone is a launch option, so it is set for the whole file.
test.use(FAKE_MICROPHONE);
test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let email: string;
let meetingId: string;

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ viewport: VIEWPORTS[0], locale: 'en-US' });
  page = await context.newPage();
  email = await signUp(page, '/privacy-policy');
  const meeting = await api<{ id: string }>(page, 'POST', '/api/meetings', {
    title: TITLE,
    date: '2025-05-06T09:00:00.000Z',
    duration: 20,
    participants: ['Ada Lovelace', 'Grace Hopper'],
    transcript: [
      'Speaker 1: Let us walk through the app with the keyboard alone.',
      'Speaker 2: Every dialog should keep the focus inside until it closes.',
    ].join('\n\n'),
    summary: '## Overview\n\nThe team reviewed keyboard access across the app.',
  });
  meetingId = meeting.id;
  await api(page, 'POST', '/api/todos', { title: ACTION_ITEM, meetingId });
  await dismissTranscriptionPrompt(page);
});

test.afterAll(async () => {
  await context?.close();
});

const sidebar = () => page.getByRole('complementary', { name: 'Sidebar' });

/** Whether `target` is the focused element. */
function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === element.ownerDocument.activeElement);
}

/** The focused element shows a focus indicator (a11y.spec.ts's test of every Tab stop). */
async function expectRing(): Promise<void> {
  const focused = await readFocus(page);
  expect(focused.shown, `a focus ring on '${focused.name}'`).toBe(true);
}

/**
 * Presses Tab (Shift+Tab `backwards`) until `target` has the focus, at most `limit` times, and
 * checks that it shows a focus ring. Nothing is pressed when it has the focus already.
 */
async function tabTo(target: Locator, { backwards = false, limit = 60 } = {}): Promise<void> {
  await expect(target).toBeAttached();
  const key = backwards ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; !(await isFocused(target)); presses += 1) {
    if (presses === limit) throw new Error(`${limit} presses of ${key} did not reach ${target}`);
    await page.keyboard.press(key);
  }
  await expectRing();
}

/** Presses `key` and expects the tab it leads to to be focused, selected and ringed. */
async function arrowTo(key: string, target: Locator): Promise<void> {
  await page.keyboard.press(key);
  await expect(target).toBeFocused();
  await expect(target).toHaveAttribute('aria-selected', 'true');
  await expectRing();
}

/**
 * Moves to the radio `target` with the arrow `key`, then presses Space, which checks the focused
 * radio. (Radix checks a radio the arrows reach by itself only if the key is still down when its
 * timer moves the focus, which a busy page can miss; Space is the other keyboard way.)
 */
async function chooseRadio(key: string, target: Locator): Promise<void> {
  await page.keyboard.press(key);
  await expect(target).toBeFocused();
  await expectRing();
  await page.keyboard.press('Space');
  await expect(target).toBeChecked();
}

/** Opens `path` as a new page load and waits for its heading (the keys start from the top). */
async function load(path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('a meeting opens from the sidebar; its modes and its actions menu work by keyboard', async () => {
  await load('/', 'Home');
  await tabTo(sidebar().getByRole('link', { name: new RegExp(`^${TITLE}`) }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/meeting/${meetingId}$`));
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  // The bottom bar is one Tab stop; the arrow keys move between the modes and show each.
  const modes = page.getByRole('tablist', { name: 'Meeting view' });
  const mode = (name: string) => modes.getByRole('tab', { name, exact: true });
  await tabTo(mode('Summary'));
  await expect(page.getByRole('article', { name: 'Summary' })).toBeVisible();
  await arrowTo('ArrowRight', mode('Action Items'));
  await expect(page.getByText(ACTION_ITEM)).toBeVisible();
  await arrowTo('ArrowRight', mode('Transcript'));
  await expect(page.getByRole('heading', { name: 'Meeting Transcript' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]view=transcript/);

  // Ask opens the Meeting Assistant with the focus in its question box; Escape closes it and
  // gives the focus back to the Ask tab.
  await page.keyboard.press('ArrowRight');
  const assistant = page.getByRole('complementary', { name: 'Meeting Assistant' });
  await expect(assistant).toBeVisible();
  await expect(assistant.getByRole('combobox', { name: 'Ask a question' })).toBeFocused();
  await expectRing();
  await page.keyboard.press('Escape');
  await expect(assistant).toHaveCount(0);
  await expect(mode('Ask')).toBeFocused();
  await expect(mode('Ask')).toHaveAttribute('aria-selected', 'true');
  await arrowTo('Home', mode('Summary'));
  await expect(page.getByRole('article', { name: 'Summary' })).toBeVisible();

  // The header's '...' menu: Enter opens it on its first item ('Share'), End reaches
  // 'Delete Meeting', Enter asks to confirm the delete (the confirming button has the focus, so
  // Enter would delete), Escape cancels.
  const actions = page.getByRole('button', { name: 'Meeting actions', exact: true });
  await tabTo(actions, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Share' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Markdown (Obsidian)' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Delete Meeting' })).toBeFocused();
  await expectRing();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete this meeting?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused();
  await expectRing();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(actions).toBeFocused();
  expect((await getMeeting(page, meetingId)).title).toBe(TITLE);
  await expect(page).toHaveURL(new RegExp(`/meeting/${meetingId}$`));
});

test('Settings opens from the sidebar; arrows move between its tabs and pick the theme', async () => {
  await load('/', 'Home');
  const opener = sidebar().getByRole('button', { name: 'Settings' });
  await tabTo(opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveTitle('Settings - Summy');

  const tab = (name: string) => dialog.getByRole('tab', { name, exact: true });
  const panel = (name: string) => dialog.getByRole('tabpanel', { name, exact: true });
  await tabTo(tab('General'));
  await expect(tab('General')).toHaveAttribute('aria-selected', 'true');
  await arrowTo('ArrowRight', tab('Account'));
  await expect(panel('Account').getByText(email).first()).toBeVisible();
  await arrowTo('ArrowRight', tab('Integrations'));
  await expect(panel('Integrations').getByText('More Integrations')).toBeVisible();
  await arrowTo('ArrowRight', tab("What's New"));
  await expect(panel("What's New").getByRole('heading', { name: 'v1.2.0' })).toBeVisible();
  // The tab list wraps round, both ways.
  await arrowTo('ArrowRight', tab('General'));
  await arrowTo('ArrowLeft', tab("What's New"));
  await arrowTo('Home', tab('General'));

  // The theme is a radio group: one Tab stop, the arrows choose.
  const theme = panel('General').getByRole('radiogroup', { name: 'Theme' });
  const html = page.locator('html');
  await tabTo(theme.getByRole('radio', { checked: true }));
  await chooseRadio('ArrowRight', theme.getByRole('radio', { name: 'Light' }));
  await expect(html).not.toHaveClass(/\bdark\b/);
  await chooseRadio('ArrowRight', theme.getByRole('radio', { name: 'Dark' }));
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(`localStorage.getItem('theme')`)).toBe('dark');
  await chooseRadio('ArrowLeft', theme.getByRole('radio', { name: 'Light' }));
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(`localStorage.getItem('theme')`)).toBe('light');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('a to-do is added, named and completed by keyboard', async () => {
  await load('/', 'Home');
  await tabTo(sidebar().getByRole('link', { name: 'My to-dos' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/todos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My to-dos' })).toBeVisible();

  // 'Add to-do' opens the new to-do's title in edit; Enter saves it and focuses the title.
  await tabTo(page.getByRole('main').getByRole('button', { name: 'Add to-do' }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'To-do title' })).toBeFocused();
  await expectRing();
  await page.keyboard.type(NEW_TODO);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: NEW_TODO, exact: true })).toBeFocused();
  await expect
    .poll(async () =>
      (await api<{ title: string }[]>(page, 'GET', '/api/todos')).map((t) => t.title),
    )
    .toContain(NEW_TODO);

  // Its checkbox sits just before the title: Space completes it.
  const done = page.getByRole('checkbox', { name: NEW_TODO, exact: true });
  await tabTo(done, { backwards: true, limit: 1 });
  await expect(done).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(
    page.getByRole('list', { name: 'Completed to-dos' }).getByRole('checkbox', { name: NEW_TODO }),
  ).toBeChecked();
  await expect
    .poll(async () => {
      const todos = await api<{ title: string; completed: boolean }[]>(page, 'GET', '/api/todos');
      return todos.find((t) => t.title === NEW_TODO)?.completed;
    })
    .toBe(true);
});

test('a recording from the New meeting menu, paused and stopped by keyboard; axe on the recorder', async () => {
  test.setTimeout(120_000);
  const axe = createAxeScanner();
  await load('/', 'Home');
  const newMeeting = sidebar().getByRole('button', { name: 'New meeting' });
  await tabTo(newMeeting);

  // Enter opens the menu on its first item; the arrows move; Escape closes it back to the button.
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'New recording' })).toBeFocused();
  await expectRing();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Upload from file' })).toBeFocused();
  await expectRing();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(newMeeting).toBeFocused();

  // Space opens it too; Enter on 'New recording' starts recording a new meeting.
  await page.keyboard.press('Space');
  await expect(menu.getByRole('menuitem', { name: 'New recording' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(MEETING_URL);
  const id = MEETING_URL.exec(new URL(page.url()).pathname)![1]!;
  await expect(page.getByText('REC', { exact: true })).toBeVisible();
  await expect.poll(async () => (await getMeeting(page, id)).isRecording).toBe(true);
  await axe.scan(page, 'recorder panel while recording');

  // Pause and Resume are one button: the focus stays on it as it changes.
  const pause = page.getByRole('button', { name: 'Pause', exact: true });
  const resume = page.getByRole('button', { name: 'Resume', exact: true });
  await tabTo(pause);
  await page.keyboard.press('Enter');
  await expect(page.getByText('PAUSED', { exact: true })).toBeVisible();
  await expect(resume).toBeFocused();
  await expect.poll(async () => (await getMeeting(page, id)).isPaused).toBe(true);
  await axe.scan(page, 'recorder panel while paused');
  await tabTo(resume);
  await page.keyboard.press('Enter');
  await expect(page.getByText('REC', { exact: true })).toBeVisible();
  await expect(pause).toBeFocused();
  await expect.poll(async () => (await getMeeting(page, id)).isPaused).toBe(false);

  await tabTo(page.getByRole('button', { name: 'Stop', exact: true }));
  await page.keyboard.press('Space');
  // The meeting view takes over from the recorder once the audio is handed to the server.
  await expect(page.getByRole('tablist', { name: 'Meeting view' })).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(async () => (await getMeeting(page, id)).isRecording).toBe(false);

  console.log(`${axe.count} axe scans of the recorder panel`);
  expect(axe.report()).toBe('');
});
