/**
 * In the browser: reminders over CalDAV against a real Radicale (Debian's `radicale`, started here
 * through @summy/fakes/radicale with two seeded VTODO lists and an event calendar). From /todos:
 * the not-connected prompt, 'Connect Apple Reminders' (Connect disabled until both fields are
 * filled, 'Missing credentials' on Enter, 'Authentication failed' for a wrong password),
 * 'Connected! ...' leading into 'Configure Apple Reminders' (the to-do lists with their colours,
 * not the event calendar; 'No lists selected' with Save disabled), then the section: '{n} active',
 * complete with Undo, double-click rename, the edit form (date and list), each change checked on
 * Radicale itself; Settings › Integrations (Configuration, Disconnect and the
 * 'reminders-disconnected' event); and a CalDAV server that went away (the load, sync and lists
 * failures of). Screenshots (RECORDER_SHOTS) at 1280 and 375 px, light and dark.
 */
import { startRadicale, type RunningRadicale } from '@summy/fakes/radicale';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { shootStates } from '../fixtures/screenshots';
import { api, signUp } from '../fixtures/session';

/** A reminder as `GET /api/integrations/apple-reminders/reminders` answers it. */
interface ApiReminder {
  id: string;
  title: string;
  dueDate: string | null;
  completed: boolean;
  priority: number;
  list: { id: string; name: string };
  url: string;
}

const listReminders = async (page: Page) =>
  (
    await api<{ reminders: ApiReminder[] }>(
      page,
      'GET',
      '/api/integrations/apple-reminders/reminders',
    )
  ).reminders;

/** The VTODO as Radicale stores it now, read with the user's own credentials. */
async function vtodoOnServer(radicale: RunningRadicale, url: string): Promise<string> {
  const response = await fetch(url, {
    headers: {
      Authorization: `Basic ${Buffer.from(`${radicale.username}:${radicale.password}`).toString('base64')}`,
    },
  });
  expect(response.status, url).toBe(200);
  // Unfold RFC 5545 continuation lines, so a long property reads as one line.
  return (await response.text()).replace(/\r?\n[ \t]/g, '');
}

const section = (page: Page) => page.getByRole('region', { name: 'Apple Reminders' });

/**
 * Scrolls `target` near the top of its scrolling container (the section sits below the to-dos and
 * Linear). Not `scrollIntoView`, which also shifts the layout's overflow-hidden frame.
 */
const toTop = (target: Locator) => async () => {
  await target.evaluate((element) => {
    const doc = element.ownerDocument;
    const style = (el: typeof element) => doc.defaultView!.getComputedStyle(el).overflowY;
    let scroller = element.parentElement;
    while (scroller && !/(auto|scroll)/.test(style(scroller))) scroller = scroller.parentElement;
    const box = scroller ?? doc.scrollingElement ?? doc.documentElement;
    const top = box === doc.scrollingElement ? 0 : box.getBoundingClientRect().top;
    box.scrollTop += element.getBoundingClientRect().top - top - 16;
  });
};
const row = (page: Page, title: string) =>
  section(page).getByRole('listitem').filter({ hasText: title });

/** Picks a server in the connect dialog by its segment (the radio itself is visually hidden). */
async function chooseServer(dialog: Locator, name: string) {
  await dialog.locator('label').filter({ hasText: name }).click();
  await expect(dialog.getByRole('radio', { name })).toBeChecked();
}

/** Connects through the section's dialog to `radicale` ('Other' server); answers the dialog. */
async function connectThroughDialog(page: Page, radicale: RunningRadicale, password: string) {
  await section(page).getByRole('button', { name: 'Connect Apple Reminders' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Apple Reminders' });
  await expect(dialog).toBeVisible();
  await chooseServer(dialog, 'Other');
  await dialog.getByLabel('CalDAV server URL').fill(radicale.url);
  await dialog.getByLabel('User name').fill(radicale.username);
  await dialog.getByLabel('App-Specific Password').fill(password);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  return dialog;
}

let radicale: RunningRadicale | undefined;

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test.beforeAll(async () => {
  radicale = await startRadicale();
});

test.afterAll(async () => {
  await radicale?.stop();
});

test('connect, pick lists, complete, rename and edit reminders; disconnect from Settings', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const dav = radicale!;
  await signUp(page, '/todos');

  // Not connected: a short prompt in place of the list.
  await expect(section(page).getByText('Bring your reminders here')).toBeVisible();
  await shootStates(page, 'reminders-not-connected', toTop(section(page)));

  // The connect dialog: Connect waits for both fields; Enter names what is missing.
  await section(page).getByRole('button', { name: 'Connect Apple Reminders' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect Apple Reminders' });
  await expect(connect.getByText('App-specific password required')).toBeVisible();
  await expect(connect.getByLabel('Apple ID')).toHaveAttribute('type', 'email');
  const connectButton = connect.getByRole('button', { name: 'Connect' });
  await expect(connectButton).toBeDisabled();
  await shootStates(page, 'reminders-connect-dialog');
  await connect.getByLabel('Apple ID').fill('ada@icloud.com');
  await connect.getByLabel('Apple ID').press('Enter');
  await expect(page.getByText('Missing credentials')).toBeVisible();
  await expect(
    page.getByText('Please enter your Apple ID and app-specific password'),
  ).toBeVisible();
  await expect(connectButton).toBeDisabled();

  // Another server needs its address; the wrong password is refused by Radicale itself.
  await chooseServer(connect, 'Other');
  await expect(connect.getByLabel('CalDAV server URL')).toBeVisible();
  await connect.getByLabel('User name').fill(dav.username);
  await connect.getByLabel('App-Specific Password').fill('not-the-password');
  await expect(connectButton).toBeDisabled();
  await connect.getByLabel('CalDAV server URL').fill(dav.url);
  await expect(connect.getByText(`Summy connects to ${dav.url}/`)).toBeVisible();
  await connectButton.click();
  await expect(page.getByText('Please check your credentials and try again').first()).toBeVisible();
  await expect(connect.getByRole('alert')).toContainText('Authentication failed');
  const status = await api<{ connected: boolean }>(
    page,
    'GET',
    '/api/integrations/apple-reminders',
  );
  expect(status.connected).toBe(false);

  await connect.getByLabel('App-Specific Password').fill(dav.password);
  await connectButton.click();
  await expect(page.getByText('Connected! Now select which reminder lists to sync')).toBeVisible();
  await expect(connect).toBeHidden();

  // Configure: the two to-do lists with their colours; the event calendar is not offered.
  const configure = page.getByRole('dialog', { name: 'Configure Apple Reminders' });
  await expect(configure).toBeVisible();
  const lists = configure.getByRole('list', { name: 'Reminder lists' });
  await expect(lists.getByRole('checkbox', { name: 'Work' })).toBeVisible();
  await expect(lists.getByRole('checkbox', { name: 'Personal' })).toBeVisible();
  await expect(lists.getByText('Calendar')).toHaveCount(0);
  await expect(lists.locator('[style*="background-color"]')).toHaveCount(2);
  await shootStates(page, 'reminders-configure-dialog');

  const save = configure.getByRole('button', { name: 'Save Configuration' });
  for (const name of ['Work', 'Personal']) {
    const box = lists.getByRole('checkbox', { name });
    if (await box.isChecked()) await box.uncheck();
  }
  await expect(configure.getByText('No lists selected')).toBeVisible();
  await expect(configure.getByText('Please select at least one list to sync')).toBeVisible();
  await expect(save).toBeDisabled();
  await shootStates(page, 'reminders-configure-none');

  await lists.getByRole('checkbox', { name: 'Work' }).check();
  await save.click();
  await expect(page.getByText('Configuration saved: Syncing 1 reminder list(s)')).toBeVisible();
  await expect(configure).toBeHidden();

  // The section: the incomplete reminders of Work only, with the priority mapping (1-3 low, 4-6
  // medium, 7-8 high, 9 urgent).
  await expect(section(page).getByText('2 active')).toBeVisible();
  await expect(row(page, 'Send the quarterly report')).toContainText('Urgent'); // RFC 5545 1
  await expect(row(page, 'Book the venue')).toContainText('Medium'); // RFC 5545 5
  await expect(row(page, 'Book the venue')).toContainText('Sat, Dec 5');
  await expect(section(page).getByText('Buy milk')).toHaveCount(0);
  await expect(section(page).getByText('Archive last year')).toHaveCount(0);

  // Both lists now, through the list button of the section.
  await section(page).getByRole('button', { name: 'Choose reminder lists' }).click();
  await configure.getByRole('list', { name: 'Reminder lists' }).waitFor();
  await expect(lists.getByRole('checkbox', { name: 'Work' })).toBeChecked();
  await lists.getByRole('checkbox', { name: 'Personal' }).check();
  await save.click();
  await expect(page.getByText('Configuration saved: Syncing 2 reminder list(s)')).toBeVisible();
  await expect(section(page).getByText('4 active')).toBeVisible();
  await expect(row(page, 'Call the dentist')).toContainText('Low'); // RFC 5545 9
  await page.mouse.move(0, 0);
  await shootStates(page, 'reminders-connected', toTop(section(page)));

  // Complete: the reminder leaves the list, Radicale stores COMPLETED; Undo reopens it.
  const venue = (await listReminders(page)).find((r) => r.title === 'Book the venue')!;
  await row(page, 'Book the venue')
    .getByRole('checkbox', { name: 'Complete "Book the venue"' })
    .click();
  await expect(row(page, 'Book the venue')).toHaveCount(0);
  await expect(section(page).getByText('3 active')).toBeVisible();
  await expect(page.getByText('Reminder completed')).toBeVisible();
  await expect.poll(async () => vtodoOnServer(dav, venue.url)).toContain('STATUS:COMPLETED');
  expect(await vtodoOnServer(dav, venue.url)).toMatch(/\nCOMPLETED:\d{8}T\d{6}Z/);
  expect((await listReminders(page)).map((r) => r.title)).not.toContain('Book the venue');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Reminder reopened')).toBeVisible();
  await expect(row(page, 'Book the venue')).toBeVisible();
  await expect(section(page).getByText('4 active')).toBeVisible();
  const reopened = await vtodoOnServer(dav, venue.url);
  expect(reopened).not.toContain('STATUS:COMPLETED');
  expect(reopened).not.toMatch(/\nCOMPLETED:/);

  // Double-click a title to rename it; Escape cancels, Enter saves the trimmed title.
  const milk = (await listReminders(page)).find((r) => r.title === 'Buy milk')!;
  await row(page, 'Buy milk').getByText('Buy milk', { exact: true }).dblclick();
  const titleInput = section(page).getByRole('textbox', { name: 'Reminder title' });
  await titleInput.fill('Never mind');
  await titleInput.press('Escape');
  await expect(row(page, 'Buy milk')).toBeVisible();
  await row(page, 'Buy milk').getByText('Buy milk', { exact: true }).dblclick();
  await titleInput.fill('  Buy oat milk  ');
  await titleInput.press('Enter');
  await expect(page.getByText('Reminder title updated')).toBeVisible();
  await expect(row(page, 'Buy oat milk')).toBeVisible();
  await expect
    .poll(async () => vtodoOnServer(dav, milk.url))
    .toMatch(/\nSUMMARY:Buy oat milk\r?\n/);

  // The edit form: title, date and list; Save moves the reminder to Personal on Radicale.
  await row(page, 'Book the venue').hover();
  await section(page).getByRole('button', { name: 'Edit "Book the venue"' }).click();
  const form = section(page).getByRole('form', { name: 'Edit "Book the venue"' });
  await expect(form.getByLabel('Title')).toHaveValue('Book the venue');
  await expect(form.getByLabel('Date')).toHaveValue('2026-12-05');
  await expect(form.getByLabel('List')).toHaveValue(dav.listUrl('work'));
  await shootStates(page, 'reminders-edit-form', toTop(section(page)));
  await form.getByLabel('Title').fill('Book the venue for the offsite');
  await form.getByLabel('Date').fill('2026-12-10');
  await form.getByLabel('List').selectOption({ label: 'Personal' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated!')).toBeVisible();
  const moved = row(page, 'Book the venue for the offsite');
  await expect(moved).toContainText('Personal');
  await expect(moved).toContainText('Thu, Dec 10');
  await expect
    .poll(async () => (await listReminders(page)).find((r) => r.id === venue.id))
    .toMatchObject({
      title: 'Book the venue for the offsite',
      dueDate: '2026-12-10',
      list: { id: dav.listUrl('personal'), name: 'Personal' },
    });

  // Settings › Integrations: connected as the user, Configuration, then Disconnect.
  await page.goto('/todos?tab=integrations');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const block = settings.getByRole('region', { name: 'Apple Reminders' });
  await expect(block.getByText('Connected')).toBeVisible();
  await expect(block).toContainText(`${dav.username} · http://127.0.0.1:${dav.port}`);
  await shootStates(page, 'reminders-settings-connected');
  await block.getByRole('button', { name: 'Configuration' }).click();
  await expect(configure).toBeVisible();
  await expect(lists.getByRole('checkbox', { name: 'Personal' })).toBeChecked();
  await configure.getByRole('button', { name: 'Cancel' }).click();
  await expect(configure).toBeHidden();

  await page.evaluate(`window.addEventListener('reminders-disconnected', () => {
    window.__remindersDisconnected = (window.__remindersDisconnected ?? 0) + 1;
  })`);
  await block.getByRole('button', { name: 'Disconnect' }).click();
  await page
    .getByRole('alertdialog', { name: 'Disconnect Apple Reminders?' })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(block.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  expect(await page.evaluate('window.__remindersDisconnected')).toBe(1);
  await shootStates(page, 'reminders-settings-not-connected');
  await page.keyboard.press('Escape');
  await expect(section(page).getByText('Bring your reminders here')).toBeVisible();
  await expect(section(page).getByRole('listitem')).toHaveCount(0);
  expect(
    (await api<{ connected: boolean }>(page, 'GET', '/api/integrations/apple-reminders')).connected,
  ).toBe(false);
});

test('a CalDAV server that went away: load, sync and list failures', async ({ page }) => {
  test.setTimeout(90_000);
  const gone = await startRadicale();
  let stopped = false;
  try {
    await signUp(page, '/todos');
    const connect = await connectThroughDialog(page, gone, gone.password);
    await expect(connect).toBeHidden();
    const configure = page.getByRole('dialog', { name: 'Configure Apple Reminders' });
    // Every list is ticked until the person chooses: Work and Personal, 2 + 2 incomplete.
    await configure.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(section(page).getByText('4 active')).toBeVisible();

    await gone.stop();
    stopped = true;

    // Sync keeps what was there and says it failed.
    await section(page).getByRole('button', { name: 'Sync' }).click();
    await expect(page.getByText('Sync failed')).toBeVisible();
    await expect(page.getByText('Failed to sync Apple Reminders')).toBeVisible();
    await expect(section(page).getByText('4 active')).toBeVisible();

    // A fresh load has nothing to show: 'Error' / 'Failed to load Apple Reminders'.
    await page.reload();
    await expect(section(page).getByRole('alert')).toContainText('Failed to load Apple Reminders', {
      timeout: 30_000,
    });
    await expect(page.getByText('Error', { exact: true })).toBeVisible();

    // The lists cannot be read: the single list 'Reminders', ticked, and the documented notice.
    await section(page).getByRole('button', { name: 'Choose reminder lists' }).click();
    await expect(
      page.getByText('Could not retrieve your reminder lists. Please try again.').first(),
    ).toBeVisible({
      timeout: 30_000,
    });
    const lists = configure.getByRole('list', { name: 'Reminder lists' });
    await expect(lists.getByRole('checkbox')).toHaveCount(1);
    await expect(lists.getByRole('checkbox', { name: 'Reminders' })).toBeChecked();
  } finally {
    if (!stopped) await gone.stop();
  }
});
