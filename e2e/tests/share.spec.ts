/**
 * Share links in the browser: the owner makes a link from the meeting menu's 'Share'; a second
 * browser context with no account opens it and sees the summary with no edit control; a link
 * with a password refuses a wrong one; a revoked link shows the not-found page. Screenshots of
 * the dialog and the shared page at both widths and themes with RECORDER_SHOTS; axe finds no
 * serious or critical violation on the dialog, the page and its password step.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAxeScanner } from '../fixtures/a11y';
import { createRichMeeting } from '../fixtures/meeting-view';
import { shootStates } from '../fixtures/screenshots';
import { dismissTranscriptionPrompt, signUp } from '../fixtures/session';

/** Opens the meeting's Share dialog from its menu. */
async function openShareDialog(page: Page) {
  await page.getByRole('button', { name: 'Meeting actions', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: /^Share/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Creates a link in the open dialog (with `password` when given) and answers its URL. */
async function createLink(page: Page, password?: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: /^Share/ });
  if (password) await dialog.getByLabel('Password (optional)').fill(password);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const field = dialog.getByLabel('Your link');
  await expect(field).toHaveValue(/\/s\/[A-Za-z0-9_-]{22}$/);
  return field.inputValue();
}

/** A fresh context with no account, as someone the link was sent to. */
async function visitor(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('share a meeting, open it without an account, then revoke it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(!!process.env.RECORDER_SHOTS);
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await createRichMeeting(page);
  await page.goto(`/meeting/${meeting.id}`);
  const dialog = await openShareDialog(page);
  await expect(dialog.getByRole('checkbox', { name: 'My notes' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Summary' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Transcript' }).click();
  await expect(dialog.getByText('No share links yet.')).toBeVisible();
  await shootStates(page, 'share-dialog');
  const axe = createAxeScanner();
  await axe.scan(page, 'share dialog', '[role="dialog"]');
  const url = await createLink(page);
  await expect(dialog.getByTestId('share-link-row')).toHaveCount(1);
  await shootStates(page, 'share-dialog-created');

  const guest = await visitor(browser, baseURL);
  const response = await guest.goto(url);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(guest.getByRole('heading', { name: 'Quarterly planning' })).toBeVisible();
  await expect(guest.getByRole('region', { name: 'Summary' })).toContainText('Q3 budget');
  await expect(guest.getByRole('region', { name: 'Transcript' })).toContainText('Welcome everyone');
  await expect(guest.getByRole('region', { name: 'Action items' })).toHaveCount(1);
  // Read-only: no chat, no editing, no menu.
  await expect(guest.getByRole('button', { name: /Meeting actions/ })).toHaveCount(0);
  await expect(guest.getByRole('textbox')).toHaveCount(0);
  await expect(guest.getByRole('button', { name: /Ask|Chat|Edit|Rename/ })).toHaveCount(0);
  await shootStates(guest, 'share-page');
  await axe.scan(guest, 'shared page');

  // The views show in the owner's list once the dialog reads it again.
  await dialog.getByRole('button', { name: 'Create another link' }).click();
  const protectedUrl = await createLink(page, 'open sesame');
  await guest.goto(protectedUrl);
  await expect(guest.getByRole('heading', { name: 'This link is protected' })).toBeVisible();
  await guest.getByLabel(/Enter the password/).fill('wrong one');
  await guest.getByRole('button', { name: 'Open' }).click();
  await expect(guest.getByRole('alert')).toHaveText('Wrong password');
  await shootStates(guest, 'share-password');
  await axe.scan(guest, 'shared page password');
  await guest.getByLabel(/Enter the password/).fill('open sesame');
  await guest.getByRole('button', { name: 'Open' }).click();
  await expect(guest.getByRole('heading', { name: 'Quarterly planning' })).toBeVisible();

  // Revoke the first link: it now shows the not-found page, like an unknown one.
  const rows = dialog.getByTestId('share-link-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.last()).toContainText('1 view');
  await rows.last().getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(rows).toHaveCount(1);
  await guest.goto(url);
  await expect(guest.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await guest.goto(`/s/${'x'.repeat(22)}`);
  await expect(guest.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();

  // Settings lists the remaining link with its meeting.
  await page.keyboard.press('Escape');
  await page.goto('/?tab=account');
  const block = page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('region', { name: 'Share links' });
  await expect(block.getByTestId('share-link-row')).toHaveCount(1);
  await expect(block).toContainText('Quarterly planning');
  await shootStates(page, 'share-settings', () => block.scrollIntoViewIfNeeded());
  await guest.context().close();
  expect(axe.report()).toBe('');
});
