/**
 * Sharing with people on this server, in the browser: the owner adds a second account by e-mail
 * in the Share dialog; that account finds the meeting under 'Shared with me', reads it with no
 * edit control, and asks about it (the chat names it); the owner removes access and the meeting
 * is gone for the viewer. Screenshots of the dialog, the sidebar and the read-only page at both
 * widths and themes with RECORDER_SHOTS; axe finds no serious or critical violation.
 */
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAxeScanner } from '../fixtures/a11y';
import { createRichMeeting } from '../fixtures/meeting-view';
import { setTheme, shootStates } from '../fixtures/screenshots';
import { settled } from '../fixtures/settle';
import { dismissTranscriptionPrompt, signUp } from '../fixtures/session';

/** A second person with an account on this server, in a browser of their own. */
async function secondPerson(browser: Browser, baseURL: string | undefined) {
  const page = await (await browser.newContext({ baseURL })).newPage();
  const email = await signUp(page, '/', 'Grace Hopper');
  await dismissTranscriptionPrompt(page);
  return { page, email };
}

/** The phone's sidebar drawer open, in both themes (with RECORDER_SHOTS). */
async function shootDrawer(page: Page, name: string) {
  const dir = process.env.RECORDER_SHOTS;
  if (!dir) return;
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await settled(page);
    await page.screenshot({ path: path.join(dir, `${name}-375-${theme}.png`) });
  }
  await setTheme(page, 'light');
  await page.keyboard.press('Escape');
  if (original) await page.setViewportSize(original);
}

/** Opens the meeting's Share dialog from its menu. */
async function openShareDialog(page: Page) {
  await page.getByRole('button', { name: 'Meeting actions', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: /^Share/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('share a meeting with an account of this server, then take it back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(!!process.env.RECORDER_SHOTS);
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await createRichMeeting(page);
  const grace = await secondPerson(browser, baseURL);
  const axe = createAxeScanner();

  await page.goto(`/meeting/${meeting.id}`);
  const dialog = await openShareDialog(page);
  await expect(dialog.getByText('Only you can open this meeting in Summy.')).toBeVisible();
  const field = dialog.getByLabel(/Add by e-mail/);
  await field.fill('nobody-here@example.com');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'No account on this server has this e-mail address.',
  );
  await field.fill(grace.email);
  await field.press('Enter');
  const rows = dialog.getByTestId('meeting-viewer-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Grace Hopper');
  await expect(field).toHaveValue('');
  await shootStates(page, 'share-viewers-dialog');
  await axe.scan(page, 'share dialog with a viewer', '[role="dialog"]');

  // The viewer: 'Shared with me' in the sidebar, the meeting read-only.
  const viewer = grace.page;
  await viewer.reload();
  const section = viewer.getByRole('region', { name: 'Shared with me' });
  await expect(section).toBeVisible();
  await section.getByRole('link', { name: /Quarterly planning/ }).click();
  await expect(viewer).toHaveURL(new RegExp(`/meeting/${meeting.id}$`));
  await expect(viewer.getByRole('heading', { name: 'Quarterly planning' })).toBeVisible();
  await expect(viewer.getByText('Shared with you by')).toContainText('Ada Lovelace');
  await expect(viewer.getByRole('region', { name: 'Summary' })).toContainText('Q3 budget');
  await expect(viewer.getByRole('region', { name: 'Transcript' })).toContainText(
    'Welcome everyone',
  );
  await expect(viewer.getByRole('button', { name: /Meeting actions/ })).toHaveCount(0);
  await expect(viewer.getByRole('main').getByRole('textbox')).toHaveCount(0);
  await expect(viewer.getByRole('main').getByRole('button', { name: /Edit|Rename/ })).toHaveCount(
    0,
  );
  await shootStates(viewer, 'shared-with-me');
  await shootDrawer(viewer, 'shared-with-me-drawer');
  await axe.scan(viewer, 'shared with me');

  // Asking about it: the chat's chip names the shared meeting.
  await viewer.getByRole('button', { name: 'Ask about this meeting' }).click();
  const chips = viewer.getByRole('list', { name: 'Meetings in this chat' });
  await expect(chips).toContainText('Quarterly planning');
  await viewer.keyboard.press('Escape');

  // The owner takes access away: the viewer's next read finds nothing.
  await rows.getByRole('button', { name: 'Remove Grace Hopper' }).click();
  await expect(rows).toHaveCount(0);
  await viewer.reload();
  await expect(viewer.getByRole('heading', { name: 'Meeting not found' })).toBeVisible();
  await expect(viewer.getByRole('region', { name: 'Shared with me' })).toHaveCount(0);
  await viewer.context().close();
  expect(axe.report()).toBe('');
});
