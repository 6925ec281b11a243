/**
 * In the browser, against the Google fake: sign in with Google through the account picker, link a
 * second account in the popup, see both in Manage Accounts, set primary, remove one (its meetings
 * keep their data). The fake listens on the port the server's GOOGLE_BASE_URL names
 * (playwright.config.ts), started here before any Google flow runs.
 */
import { startFakeGoogle, type FakeGoogle } from '@summy/fakes/google';
import { expect, test, type Page } from '@playwright/test';
import { shootStates } from '../fixtures/screenshots';
import { fakeGooglePort } from '../playwright.config';

const WORK = 'ada@acme.test';
const PERSONAL = 'ada.personal@example-mail.test';

let google: FakeGoogle | undefined;

test.beforeAll(async () => {
  google = await startFakeGoogle({ port: fakeGooglePort });
});

test.afterAll(async () => {
  await google?.close();
});

async function api<T>(page: Page, method: string, path: string, data?: object): Promise<T> {
  const response = await page.request.fetch(path, { method, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface Account {
  id: string;
  email: string;
  isPrimary: boolean;
  isAuthAccount: boolean;
}

test('Google sign-in, a second account in the popup, primary and removal', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await page.getByRole('button', { name: WORK }).click();
  await expect(page).toHaveURL(/\/$/);
  // Other specs sign in as the same seeded Google account, so its meeting list may not be empty.
  await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText(WORK)).toBeVisible();

  // A meeting with data, to check removal keeps it.
  const meeting = await api<{ id: string }>(page, 'POST', '/api/meetings', {
    title: 'Roadmap sync',
    transcript: 'Speaker 1: The roadmap moves to Q3.',
    summary: 'Roadmap moves to Q3.',
  });

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();
  await expect(settings.getByText('Primary account')).toBeVisible();
  await expect(settings.getByText(WORK).last()).toBeVisible();
  await settings.getByRole('button', { name: 'Manage Accounts' }).click();

  const manage = page.getByRole('dialog', { name: 'Manage Accounts' });
  const accounts = manage.getByRole('list', { name: 'Google accounts' });
  const work = accounts.getByRole('listitem', { name: WORK });
  await expect(work).toBeVisible();
  await expect(work.getByText('Primary account')).toBeVisible();
  await expect(work.getByText('Sign-in account')).toBeVisible();
  await expect(work.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  // Add Account: the popup shows the fake's picker, links the account and closes itself.
  const popupPromise = page.waitForEvent('popup');
  await manage.getByRole('button', { name: 'Add Account' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: PERSONAL }).click();
  await closed;
  await expect(page.getByText('Google account added successfully!')).toBeVisible();

  const personal = accounts.getByRole('listitem', { name: PERSONAL });
  await expect(personal).toBeVisible();
  await expect(accounts.getByRole('listitem')).toHaveCount(2);
  await expect(personal.getByText('Sign-in account')).toHaveCount(0);
  await shootStates(page, 'google-manage-accounts');

  await personal.getByRole('button', { name: `Set ${PERSONAL} as primary` }).click();
  await expect(page.getByText(`Set ${PERSONAL} as primary account`)).toBeVisible();
  await expect(personal.getByText('Primary account')).toBeVisible();
  await expect(work.getByText('Primary account')).toHaveCount(0);
  const listed = await api<Account[]>(page, 'GET', '/api/google/accounts');
  expect(listed.find((a) => a.email === PERSONAL)?.isPrimary).toBe(true);

  // Link the meeting to one of the personal account's events: removal must keep it and flag it.
  const personalId = listed.find((a) => a.email === PERSONAL)!.id;
  await api(page, 'POST', `/api/meetings/${meeting.id}/calendar-event`, {
    id: 'personal-dinner-1',
    title: 'Dinner with Sam',
    attendees: [{ email: PERSONAL }, { email: 'sam@example-mail.test', displayName: 'Sam' }],
    recurringEventId: null,
    accountId: personalId,
  });
  const { count } = await api<{ count: number }>(
    page,
    'GET',
    `/api/google/accounts/${personalId}/meetings`,
  );
  expect(count).toBe(1);

  await personal.getByRole('button', { name: `Remove ${PERSONAL}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove account?' });
  await expect(
    confirm.getByText('1 meeting is linked to its calendar events.', { exact: false }),
  ).toBeVisible();
  await shootStates(page, 'google-remove-account');
  // Enter confirms (the confirming button has the focus).
  await page.keyboard.press('Enter');
  await expect(page.getByText('Account removed. 1 meeting records preserved.')).toBeVisible();
  await expect(accounts.getByRole('listitem')).toHaveCount(1);
  await expect(work.getByText('Primary account')).toBeVisible();

  // The meeting keeps its data, and is flagged as linked through a removed account.
  const kept = await api<{
    title: string;
    transcript: string;
    summary: string;
    calendarEventTitle: string | null;
    calendarAccountRemoved: boolean;
    calendarAccountEmail: string | null;
  }>(page, 'GET', `/api/meetings/${meeting.id}`);
  expect(kept).toMatchObject({
    title: 'Roadmap sync',
    summary: 'Roadmap moves to Q3.',
    calendarEventTitle: 'Dinner with Sam',
    calendarAccountRemoved: true,
    calendarAccountEmail: PERSONAL,
  });
  expect(kept.transcript).toContain('roadmap moves to Q3');

  // The sign-in account cannot be removed on the server either.
  const workId = listed.find((a) => a.email === WORK)!.id;
  const refused = await page.request.delete(`/api/google/accounts/${workId}`);
  expect(refused.status()).toBe(409);

  // Escape closes Manage Accounts.
  await page.keyboard.press('Escape');
  await expect(manage).toHaveCount(0);
});
