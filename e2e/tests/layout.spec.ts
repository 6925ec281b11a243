/**
 * Layout by geometry, where words break and what covers what: action items use their card's width;
 * the meeting view's bottom bar keeps its labels whole beside the docked assistant and toasts stay
 * clear of it; calendar events never split a word, and on a phone the week shows whole days with
 * nothing peeking out beside the time gutter; the link popover suggests events before anything is
 * typed; a sidebar row's open menu button does not sit on its date; Manage Accounts keeps e-mail
 * addresses whole on a phone. RECORDER_SHOTS=<folder> also writes screenshots of each screen.
 */
import { startFakeGoogle, type FakeGoogle } from '@summy/fakes/google';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInWithGoogle } from '../fixtures/google';
import { shootStates } from '../fixtures/screenshots';
import { api, dismissTranscriptionPrompt, signUp } from '../fixtures/session';
import { fakeGooglePort } from '../playwright.config';
import { settled } from '../fixtures/settle';

const WORK = 'ada@acme.test';
const PERSONAL = 'ada.personal@example-mail.test';

let google: FakeGoogle | undefined;

test.use({ timezoneId: 'Europe/Berlin', locale: 'en-US' });

test.beforeAll(async () => {
  google = await startFakeGoogle({ port: fakeGooglePort });
});

test.afterAll(async () => {
  await google?.close();
});

/**
 * Words of `locator`'s text that are drawn over more than one line (a word split mid-way). A
 * word is a run of non-space characters inside one text node.
 */
async function splitWords(locator: Locator): Promise<string[]> {
  return locator.evaluate(inPage<string[]>('root', SPLIT_WORDS));
}

/**
 * A function run in the page from its source text: this package is type-checked without the DOM
 * library, and Playwright sends a function's source to the page either way.
 */
function inPage<T>(param: string, body: string): (element: unknown) => T {
  return new Function(param, body) as (element: unknown) => T;
}

const SPLIT_WORDS = `
  const split = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of (node.textContent || '').matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (new Set(rects.map((r) => Math.round(r.top))).size > 1) split.push(match[0]);
    }
  }
  return split;`;

/** True when wrapping text is wider than its box: a word cut off at the side, with no ellipsis. */
const clippedAtSide = inPage<boolean>(
  'el',
  "return getComputedStyle(el).whiteSpace !== 'nowrap' && el.scrollWidth > el.clientWidth + 1",
);

/** True when the element's text fits its box (neither clipped nor cut with an ellipsis). */
const fitsWidth = inPage<boolean>('el', 'return el.scrollWidth <= el.clientWidth + 1');

/** True when two boxes share more than a pixel. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return (
    a.x + 1 < b.x + b.width &&
    b.x + 1 < a.x + a.width &&
    a.y + 1 < b.y + b.height &&
    b.y + 1 < a.y + a.height
  );
}

async function createMeetingWithItems(page: Page) {
  const meeting = await api<{ id: string }>(page, 'POST', '/api/meetings', {
    title: 'Layout review',
    date: new Date().toISOString(),
    transcript: 'Speaker 1: We review the layout.',
    summary: 'The layout was reviewed.',
  });
  await api(page, 'POST', '/api/todos', {
    title:
      'Send the updated quarterly budget with the hiring plan and the offsite costs to finance before the review on Friday',
    description: 'Include the designer position and the October venue quote from the agency',
    assignedTo: 'Grace Hopper',
    meetingId: meeting.id,
  });
  return meeting;
}

test('action items use the card width; the bottom bar stays whole and clear of toasts', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await createMeetingWithItems(page);
  await page.goto(`/meeting/${meeting.id}?view=actions`);

  // The text runs to the card's right padding: the hover buttons take no width while hidden.
  const card = page.getByRole('listitem').filter({ hasText: 'Send the updated quarterly budget' });
  await expect(card).toBeVisible();
  await page.mouse.move(0, 0);
  const cardBox = (await card.boundingBox())!;
  const title = card.getByText(/^Send the updated quarterly budget/);
  const description = card.getByText(/^Include the designer position/);
  for (const text of [title, description]) {
    const box = (await text.boundingBox())!;
    expect(box.x + box.width, 'text reaches the card edge').toBeGreaterThan(
      cardBox.x + cardBox.width - 40,
    );
  }
  // Revealed on hover, the row's link to the to-dos stays inside the card.
  await card.hover();
  const open = card.getByRole('link', { name: 'Open in my to-dos' });
  await expect(open).toBeVisible();
  const openBox = (await open.boundingBox())!;
  expect(openBox.x + openBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  await shootStates(page, 'layout-tasks-mode');

  // A toast does not cover the bottom bar (its Ask button at the right end): a failed update of
  // the item shows one.
  await page.route('**/api/todos/*', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, body: '{"error":"Server error"}' })
      : route.fallback(),
  );
  const fail = () => card.getByRole('checkbox').click();
  await fail();
  const toast = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Failed to update action item' });
  await expect(toast).toBeVisible();
  await settled(page);
  const bar = page.getByRole('tablist', { name: 'Meeting view' });
  const ask = bar.getByRole('tab', { name: 'Ask' });
  expect(overlaps((await toast.boundingBox())!, (await bar.boundingBox())!)).toBe(false);
  expect(overlaps((await toast.boundingBox())!, (await ask.boundingBox())!)).toBe(false);
  await page.setViewportSize({ width: 375, height: 812 });
  await settled(page);
  expect(overlaps((await toast.boundingBox())!, (await bar.boundingBox())!)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 800 });
  if (process.env.RECORDER_SHOTS) {
    await fail();
    await shootStates(page, 'layout-toast-over-bar');
  }

  // With the assistant docked at 1280 px, every mode's label is whole.
  await ask.click();
  await expect(page.getByRole('complementary', { name: 'Meeting Assistant' })).toBeVisible();
  for (const tab of await bar.getByRole('tab').all()) {
    const label = tab.locator('span').last();
    const fits = await label.evaluate(fitsWidth);
    expect(fits, `${await label.textContent()} is not cut`).toBe(true);
  }
  await shootStates(page, 'layout-chat-docked');
});

test('calendar events never split a word; a phone shows whole days beside an opaque gutter', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithGoogle(page, WORK);
  await page.goto('/calendar');
  const design = page.getByRole('button', { name: /^Design review,/ });
  if (
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', weekday: 'short' }).format(
      new Date(),
    ) === 'Sun'
  ) {
    await page.getByRole('button', { name: 'Previous week' }).click();
  }
  await expect(design).toBeVisible();
  const blocks = page.locator('button[data-event-id]');
  await shootStates(page, 'layout-calendar-week');

  // A phone: at least four whole day columns, none cut at the right edge.
  await page.setViewportSize({ width: 375, height: 812 });
  await settled(page);
  const scroller = page.locator('[aria-busy]').filter({ has: design });
  const days = page.getByRole('group', { name: /^\w+day, / });
  const gutterRight = (await scroller.boundingBox())!.x + 1 + 64;
  const visibleDays = async () => {
    const box = (await scroller.boundingBox())!;
    let whole = 0;
    for (const day of await days.all()) {
      const d = (await day.boundingBox())!;
      if (d.x >= gutterRight - 1.5 && d.x + d.width <= box.x + box.width + 1.5) whole += 1;
      else if (d.x < box.x + box.width - 1.5 && d.x + d.width > gutterRight + 1.5) {
        throw new Error(`a day column is cut: ${d.x}..${d.x + d.width}`);
      }
    }
    return whole;
  };
  expect(await visibleDays()).toBeGreaterThanOrEqual(4);

  // Scrolled sideways by hand to the middle of the design review's day, it settles on a day's
  // edge: no event peeks out beside the gutter.
  const designDay = days.filter({ has: design });
  const dayBox = (await designDay.boundingBox())!;
  await scroller.hover({ position: { x: 200, y: 300 } });
  await page.mouse.wheel(dayBox.x - gutterRight + dayBox.width / 2, 0);
  // The snap takes as long as it takes: poll until it has come to rest on an edge (mid-scroll, a
  // cut column throws and the poll reads again).
  const peeking = async () => {
    for (const block of await blocks.all()) {
      const b = await block.boundingBox();
      if (b && b.x < gutterRight - 1 && b.x + b.width > gutterRight + 1)
        return `${await block.getAttribute('aria-label')} peeks beside the gutter`;
    }
    return 'none';
  };
  await expect.poll(async () => (await visibleDays()) >= 4 && (await peeking())).toBe('none');
  await settled(page);
  await shootStates(page, 'layout-calendar-phone');

  // Overlapping events side by side keep their words whole, at both widths.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await settled(page);
    for (const block of await blocks.all()) {
      if (!(await block.isVisible())) continue;
      const name = `${await block.getAttribute('aria-label')}`;
      expect(await splitWords(block), name).toEqual([]);
      // A title on lines of its own is not cut at the side (one line ends in an ellipsis).
      expect(await block.locator('[data-slot="event-title"]').evaluate(clippedAtSide), name).toBe(
        false,
      );
    }
  }
});

test('the link popover suggests events before anything is typed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithGoogle(page, WORK);
  await dismissTranscriptionPrompt(page);
  // A meeting long before the seeded calendar: nothing happened around it.
  const meeting = await api<{ id: string }>(page, 'POST', '/api/meetings', {
    title: 'Old notes',
    date: '2025-03-08T03:00:00.000Z',
    transcript: 'Speaker 1: Old notes.',
  });
  await page.goto(`/meeting/${meeting.id}`);
  await page.getByRole('button', { name: 'Link calendar event' }).click();
  const popover = page.getByRole('dialog', { name: 'Link calendar event' });
  await expect(popover.getByRole('option').first()).toBeVisible();
  await expect(popover.getByText('No events found')).toHaveCount(0);
  await expect(popover.getByText('Recent and upcoming')).toBeVisible();
  expect(await popover.getByRole('option').count()).toBeLessThanOrEqual(10);
  await expect(
    popover.getByRole('option').filter({ hasText: 'Weekly sync' }).first(),
  ).toBeVisible();
  await shootStates(page, 'layout-link-popover');
  await page.keyboard.press('Escape');
});

test('a sidebar row with its menu open leaves its date clear', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  await api(page, 'POST', '/api/meetings', {
    title: 'Old notes',
    date: '2025-03-08T03:00:00.000Z',
  });
  await page.reload();

  // The row's menu is open (focus in the menu, pointer elsewhere): its button and the date do
  // not overlap on screen.
  const list = page.getByRole('complementary', { name: 'Sidebar' });
  const trigger = list.getByRole('button', { name: 'Meeting actions: Old notes' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await page.mouse.move(900, 700);
  await settled(page);
  // The rest of the page is hidden from the accessibility tree while the menu is open.
  const date = page
    .getByTestId('sidebar-meetings-scroll')
    .locator('a', { hasText: 'Old notes' })
    .locator('time');
  const opened = page.locator('[aria-label="Meeting actions: Old notes"]');
  const dateShown = await date.evaluate(
    inPage<boolean>('el', "return getComputedStyle(el).opacity !== '0'"),
  );
  if (dateShown) {
    expect(overlaps((await date.boundingBox())!, (await opened.boundingBox())!)).toBe(false);
  }
  // A resize closes the menu: each shot opens it again (on a phone, in the opened sidebar).
  await shootStates(page, 'layout-row-menu', async () => {
    if (await page.getByRole('menuitem', { name: 'Delete' }).isVisible()) return;
    // The resize closes the menu in its own time; until then the page around it is hidden.
    await expect(page.getByRole('menu')).toHaveCount(0);
    // On a phone the row is in the sidebar's sheet: opened unless it is open already.
    if (!(await opened.isVisible()))
      await page.getByRole('button', { name: 'Open sidebar' }).click();
    await opened.focus();
    await page.keyboard.press('Enter');
    await page.mouse.move(900, 700);
    await settled(page);
  });
  await page.keyboard.press('Escape');
});

test('Manage Accounts keeps e-mail addresses whole on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The long consumer address, added to a password user and unlinked at the end: other specs link
  // it to their own users, which an account signed in with it would forbid.
  await signUp(page, '/?tab=account');
  await dismissTranscriptionPrompt(page);
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const popupPromise = page.waitForEvent('popup');
  await settings.getByRole('button', { name: 'Add Account' }).click();
  const popup = await popupPromise;
  const closed = popup.waitForEvent('close', { timeout: 15_000 });
  await popup.getByRole('button', { name: PERSONAL }).click();
  await closed;
  await expect(settings.getByText(PERSONAL)).toBeVisible();
  try {
    await manageAccountsOnAPhone(page);
  } finally {
    const accounts = await api<{ id: string }[]>(page, 'GET', '/api/google/accounts');
    for (const account of accounts) {
      await api(page, 'DELETE', `/api/google/accounts/${account.id}`);
    }
  }
});

async function manageAccountsOnAPhone(page: Page): Promise<void> {
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Manage Accounts' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Accounts' });
  const row = manage.getByRole('listitem', { name: PERSONAL });
  await expect(row).toBeVisible();
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 812 });
    await settled(page);
    expect(await splitWords(row)).toEqual([]);
    const email = row.getByText(/@example-mail\.test/).first();
    const fits = await email.evaluate(fitsWidth);
    expect(fits).toBe(true);
  }
  await shootStates(page, 'layout-manage-accounts');
}
