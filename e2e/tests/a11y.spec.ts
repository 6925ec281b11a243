/**
 * In the browser: axe-core (WCAG 2.0/2.1 A and AA rules) on every screen and dialog, light and
 * dark, at 1280 and 375 px, with no serious or critical violation; a visible focus indicator on
 * every control the Tab key reaches; tooltips opening after 700 ms with a 300 ms skip delay and
 * toasts bottom-right, paused on hover and on focus.
 *
 * One Google sign-in (against the fake, so Calendar, Contacts and the 'Link calendar event'
 * popover have data) and one demo-like meeting (transcript, summary, topics, to-dos) serve every
 * screen. Each screen or dialog is opened once and scanned in place at both widths and in both
 * themes (the theme is the `dark` class on <html>, as the app sets it), which keeps the run short.
 */
import { startFakeGoogle, type FakeGoogle } from '@summy/fakes/google';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { createAxeScanner, readFocus, VIEWPORTS } from '../fixtures/a11y';
import { signInWithGoogle } from '../fixtures/google';
import { api, dismissTranscriptionPrompt } from '../fixtures/session';
import { fakeGooglePort } from '../playwright.config';

const WORK = 'ada@acme.test';

let google: FakeGoogle | undefined;
let context: BrowserContext;
let page: Page;
let meetingId: string;

/** Browser contexts of this file: the seeded Google account's zone, so its week is the grid's. */
const CONTEXT = { viewport: VIEWPORTS[0], timezoneId: 'Europe/Berlin', locale: 'en-US' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  google = await startFakeGoogle({ port: fakeGooglePort });
  // One signed-in session for every test here (the clock tests copy it into contexts of theirs).
  context = await browser.newContext(CONTEXT);
  page = await context.newPage();
  await signInWithGoogle(page, WORK);
  meetingId = await createDemoMeeting(page);
});

test.afterAll(async () => {
  await context?.close();
  await google?.close();
});

/** A processed meeting as the pipeline leaves one (the demo CLI writes the same fields). */
async function createDemoMeeting(target: Page): Promise<string> {
  const meeting = await api<{ id: string }>(target, 'POST', '/api/meetings', {
    title: 'Quarterly planning',
    date: '2025-03-04T14:00:00.000Z',
    duration: 45,
    participants: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'],
    transcript: [
      'Speaker 1: Welcome everyone. Today we settle the budget for the third quarter.',
      'Speaker 2: We can afford the extra designer if we delay the offsite.',
      'Speaker 1: That works for me. Let us move the offsite to October.',
    ].join('\n\n'),
    summary: [
      '## Overview',
      '',
      'The team agreed on the **Q3 budget** and moved the offsite to October.',
      '',
      '## Next steps',
      '',
      '1. Send the updated budget to [finance](https://example.com/finance)',
      '2. Book the venue',
    ].join('\n'),
    topics: [
      { topic: 'Budget', confidence: 0.9 },
      { topic: 'Offsite', confidence: 0.7 },
    ],
  });
  for (const todo of [
    { title: 'Send the updated budget to finance', assignedTo: 'Grace Hopper', priority: true },
    { title: 'Book the offsite venue', description: 'October, for about 20 people' },
  ]) {
    await api(target, 'POST', '/api/todos', { ...todo, meetingId: meeting.id });
  }
  await api(target, 'POST', '/api/todos', { title: 'Water the plants' });
  return meeting.id;
}

const axe = createAxeScanner();
const { scan } = axe;

/** Opens `path` and waits until its heading is up and nothing says it is loading. */
async function visit(target: Page, path: string): Promise<void> {
  await target.goto(path);
  await expect(target.locator('h1').first()).toBeVisible();
  await expect(target.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** An open dialog, alert dialog, menu or popover (Radix gives each its role). */
const OVERLAY = '[role="dialog"]:not([hidden]), [role="alertdialog"]';
const MENU = '[role="menu"]';

async function closeWithEscape(target: Page, gone: Locator): Promise<void> {
  await target.keyboard.press('Escape');
  await expect(gone).toHaveCount(0);
}

/** Opens `overlay` with a click on `opener`, scans inside it (`within`) and closes it. */
async function scanOverlay(
  target: Page,
  opener: Locator,
  overlay: Locator,
  name: string,
  within = OVERLAY,
): Promise<void> {
  await opener.click();
  await expect(overlay).toBeVisible();
  await scan(target, name, within);
  await closeWithEscape(target, overlay);
}

async function scanSignedOut(browser: Browser): Promise<void> {
  const visitorContext = await browser.newContext(CONTEXT);
  const visitor = await visitorContext.newPage();
  for (const path of ['/login', '/signup', '/privacy-policy', '/no-such-page']) {
    await visit(visitor, path);
    await scan(visitor, `${path} (signed out)`);
  }
  await visitorContext.close();
}

async function scanShell(target: Page): Promise<void> {
  // Home with the first-run transcription prompt (every e2e server has only the fallback
  // recognizer), which is then dismissed for the rest.
  await visit(target, '/');
  await expect(target.getByRole('button', { name: 'Not now' })).toBeVisible();
  await target.getByRole('button', { name: 'Other options' }).click();
  await scan(target, '/ with the transcription prompt');
  await dismissTranscriptionPrompt(target);
  await visit(target, '/');

  await target.getByRole('button', { name: 'New meeting' }).click();
  await expect(target.getByRole('menu')).toBeVisible();
  // The sidebar's menu: at 1280 px here, at 375 px from the sheet below (the sidebar it opens
  // from is hidden at that width, so the open menu would go with it).
  await scan(target, 'New meeting menu', MENU, [VIEWPORTS[0]]);
  await closeWithEscape(target, target.getByRole('menu'));

  // Below 768 px the sidebar is a sheet behind the header's menu button.
  await target.setViewportSize(VIEWPORTS[1]);
  await target.getByRole('button', { name: 'Open sidebar' }).click();
  const sidebar = target.getByRole('dialog', { name: 'Sidebar' });
  await expect(sidebar).toBeVisible();
  await scan(target, 'sidebar sheet', OVERLAY, [VIEWPORTS[1]]);
  await sidebar.getByRole('button', { name: 'New meeting' }).click();
  await expect(target.getByRole('menu')).toBeVisible();
  await scan(target, 'New meeting menu', MENU, [VIEWPORTS[1]]);
  await closeWithEscape(target, target.getByRole('menu'));
  await closeWithEscape(target, sidebar);
  await target.setViewportSize(VIEWPORTS[0]);

  for (const path of ['/meetings', '/contacts', '/chats']) {
    await visit(target, path);
    await scan(target, path);
  }
}

async function scanMeeting(target: Page): Promise<void> {
  await visit(target, `/meeting/${meetingId}`);
  const modes = target.getByRole('tablist', { name: 'Meeting view' });
  for (const name of ['Summary', 'Action Items', 'Transcript']) {
    await modes.getByRole('tab', { name }).click();
    await scan(target, `meeting › ${name}`);
  }
  // Ask mode with the assistant open (docked at 1280 px, the whole screen at 375 px).
  await modes.getByRole('tab', { name: 'Ask' }).click();
  await target.getByRole('button', { name: 'Open Meeting Assistant' }).click();
  const assistant = target
    .getByRole('complementary', { name: 'Meeting Assistant' })
    .or(target.getByRole('dialog', { name: 'Meeting Assistant' }));
  await expect(assistant).toBeVisible();
  await scan(target, 'meeting › Ask with the Meeting Assistant');
  // The assistant's @ picker of other meetings (this one is already in the chat's context).
  await assistant.getByRole('button', { name: 'Add a meeting' }).click();
  await expect(assistant.getByRole('combobox', { name: 'Ask a question' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await scan(target, 'Meeting Assistant › @ picker');
  await target.keyboard.press('Escape');
  await assistant.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(assistant).toHaveCount(0);
  await modes.getByRole('tab', { name: 'Summary' }).click();

  const regenerate = target.getByRole('button', { name: 'Regenerate summary' }).first();
  const regenerateDialog = target.getByRole('dialog', { name: /Regenerate summary/ });
  await scanOverlay(target, regenerate, regenerateDialog, 'Regenerate summary');

  await target.getByRole('button', { name: 'Link calendar event' }).click();
  const popover = target.getByRole('dialog', { name: 'Link calendar event' });
  await expect(
    popover.getByRole('option').first().or(popover.getByText('No events found')),
  ).toBeVisible();
  await scan(target, 'Link calendar event', OVERLAY);
  await closeWithEscape(target, popover);

  await target.getByRole('button', { name: 'Meeting actions', exact: true }).click();
  await expect(target.getByRole('menu')).toBeVisible();
  await scan(target, 'meeting actions menu', MENU);
  await target.getByRole('menuitem', { name: /Delete/ }).click();
  const confirm = target.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await scan(target, 'delete confirmation', OVERLAY);
  await closeWithEscape(target, confirm);
}

async function scanCalendar(target: Page): Promise<void> {
  await visit(target, '/calendar');
  const events = target.getByRole('button', { name: /^Weekly sync,/ });
  // The seed's week is the ISO week around today; on a Sunday the grid shows the next one.
  if ((await events.count()) === 0) {
    await target.getByRole('button', { name: 'Previous week' }).click();
  }
  await expect(events.first()).toBeVisible();
  await scan(target, '/calendar');
  const details = target.getByRole('dialog', { name: 'Weekly sync' });
  await scanOverlay(target, events.first(), details, 'event details');
}

async function scanTodos(target: Page): Promise<void> {
  await visit(target, '/todos');
  await scan(target, '/todos');
  const actions = target.getByRole('button', { name: 'To-do actions' }).first();
  await scanOverlay(target, actions, target.getByRole('menu'), 'to-do actions menu', MENU);
  const connect = target
    .getByRole('region', { name: 'Apple Reminders' })
    .getByRole('button', { name: 'Connect Apple Reminders' });
  const dialog = target.getByRole('dialog', { name: 'Connect Apple Reminders' });
  await scanOverlay(target, connect, dialog, 'Connect Apple Reminders');
}

/** Every tab of Settings (however many there are), and Manage Accounts from Account. */
async function scanSettings(target: Page): Promise<void> {
  await visit(target, '/?tab=general');
  const dialog = target.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  const tabs = dialog.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab');
  const names = (await tabs.allInnerTexts()).map((name) => name.trim());
  expect(names.length).toBeGreaterThanOrEqual(3);
  for (const name of names) {
    const tab = dialog.getByRole('tab', { name });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
    await scan(target, `Settings › ${name}`, OVERLAY);
    const manage = dialog.getByRole('button', { name: 'Manage Accounts' });
    if (name === 'Account' && (await manage.isVisible())) {
      const accounts = target.getByRole('dialog', { name: /Manage/ });
      await scanOverlay(target, manage, accounts, 'Manage Accounts');
    }
  }
  await closeWithEscape(target, dialog);
}

test('no serious or critical axe violations on any screen or dialog', async ({ browser }) => {
  test.setTimeout(300_000);
  const started = Date.now();
  await scanSignedOut(browser);
  await scanShell(page);
  await scanMeeting(page);
  await scanCalendar(page);
  await scanTodos(page);
  await scanSettings(page);
  console.log(`${axe.count} axe scans in ${Math.round((Date.now() - started) / 1000)} s`);
  expect(axe.report()).toBe('');
});

/** A page of its own on the signed-in session, with Playwright's clock in place of the timers. */
async function pageWithClock(browser: Browser): Promise<Page> {
  const clocked = await browser.newContext({
    ...CONTEXT,
    storageState: await context.storageState(),
  });
  const target = await clocked.newPage();
  await target.clock.install();
  return target;
}

test('tooltips open after 700 ms, and at once within 300 ms of the last one', async ({
  browser,
}) => {
  const target = await pageWithClock(browser);
  await visit(target, `/meeting/${meetingId}`);
  await target
    .getByRole('tablist', { name: 'Meeting view' })
    .getByRole('tab', { name: 'Ask' })
    .click();
  await target.getByRole('button', { name: 'Open Meeting Assistant' }).click();
  const assistant = target.getByRole('complementary', { name: 'Meeting Assistant' });
  const move = assistant.getByRole('button', { name: 'Move to floating window' });
  const close = assistant.getByRole('button', { name: 'Close', exact: true });
  await expect(move).toBeVisible();
  // From here the page's time moves only when the test moves it.
  await target.clock.pauseAt(Date.now() + 1_000);
  const tooltip = target.getByRole('tooltip');
  // Out of the tooltip's hover bridge (Radix keeps it open while the pointer heads for the
  // bubble): a second move, once the bridge's listener is there, finds the pointer outside it.
  const leave = async () => {
    await target.mouse.move(5, 5);
    await target.mouse.move(8, 8);
    await expect(tooltip).toHaveCount(0);
  };

  await move.hover();
  await target.clock.runFor(690);
  await expect(tooltip).toHaveCount(0);
  await target.clock.runFor(20);
  await expect(tooltip).toHaveText('Move to floating window');

  // Away, and on to the next button within 300 ms: it opens at once (the skip delay).
  await leave();
  await target.clock.runFor(250);
  await close.hover();
  await expect(tooltip).toHaveText('Close');

  // Away for longer than 300 ms: the full 700 ms again.
  await leave();
  await target.clock.runFor(350);
  await move.hover();
  await target.clock.runFor(690);
  await expect(tooltip).toHaveCount(0);
  await target.clock.runFor(20);
  await expect(tooltip).toHaveText('Move to floating window');
  await target.context().close();
});

test('toasts appear bottom-right and wait while hovered or focused', async ({ browser }) => {
  const target = await pageWithClock(browser);
  await visit(target, '/todos');
  await target.clock.pauseAt(Date.now() + 1_000);
  const addTodo = target.getByRole('main').getByRole('button', { name: 'Add to-do' }).first();
  const toast = target.locator('[data-sonner-toast]');
  // Sonner renders a new toast from a timer: the page's time moves on in small steps until the
  // server has answered and the toast is there.
  const shown = () =>
    expect
      .poll(async () => {
        await target.clock.runFor(50);
        return toast.count();
      })
      .toBe(1);

  await addTodo.click();
  await shown();
  await expect(toast).toContainText('Created');
  const toaster = target.locator('[data-sonner-toaster]');
  await expect(toaster).toHaveAttribute('data-y-position', 'bottom');
  await expect(toaster).toHaveAttribute('data-x-position', 'right');
  const box = (await toast.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(VIEWPORTS[0].width - 64);
  expect(box.x).toBeGreaterThan(VIEWPORTS[0].width / 2);
  expect(box.y + box.height).toBeGreaterThan(VIEWPORTS[0].height - 64);

  // Hovered, it outlives any toast duration; let go, it closes.
  await toast.hover();
  await target.clock.runFor(30_000);
  await expect(toast).toHaveCount(1);
  await target.mouse.move(5, 5);
  await target.clock.runFor(10_000);
  await expect(toast).toHaveCount(0);

  // The same with the keyboard's focus on its close button.
  await target.keyboard.press('Escape');
  await addTodo.click();
  await shown();
  await toast.getByRole('button', { name: /close/i }).focus();
  await target.clock.runFor(30_000);
  await expect(toast).toHaveCount(1);
  await addTodo.focus();
  await target.clock.runFor(10_000);
  await expect(toast).toHaveCount(0);
  await target.context().close();
});

test('every control the Tab key reaches shows where the focus is', async () => {
  test.setTimeout(120_000); // Tabbing through every screen took 51-57 s of the default 60 s under load.
  const missing = new Set<string>();
  let reached = 0;
  /** Tabs through the page (up to `limit` stops, or until the focus comes round again). */
  const walk = async (where: string, limit: number) => {
    const seen = new Set<number>();
    for (let i = 0; i < limit; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await readFocus(page);
      if (seen.has(focused.at)) break;
      seen.add(focused.at);
      if (!focused.shown) missing.add(`${where}: ${focused.name}`);
    }
    reached += seen.size;
  };
  for (const path of [
    '/',
    '/meetings',
    `/meeting/${meetingId}`,
    '/todos',
    '/calendar',
    '/contacts',
    '/chats',
  ]) {
    await visit(page, path);
    await walk(path, 45);
  }
  await visit(page, '/?tab=general');
  await walk('Settings', 40);
  expect(reached, 'the walk reached the controls').toBeGreaterThan(150);
  expect([...missing].join('\n')).toBe('');
});
