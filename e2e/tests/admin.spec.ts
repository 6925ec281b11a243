/**
 * In the browser: Settings > Administration. An administrator sees the users list (their own row
 * marked 'You' and 'Administrator', another user with e-mail and usage), makes that user an
 * administrator and revokes it, disables them after a confirmation (the row says 'Disabled') and
 * enables them again; invites an address, sees it listed, revokes it; reads the server's state;
 * deletes the user after a confirmation.
 * A user who is not an administrator is not offered the tab. The filled tab passes axe's WCAG
 * checks. Screenshots (RECORDER_SHOTS) at 1280 and 375 px, light and dark.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AXE_TAGS } from '../fixtures/a11y';
import { shootStates } from '../fixtures/screenshots';
import { dismissTranscriptionPrompt, signUp, signUpAdmin } from '../fixtures/session';

function administration(page: Page) {
  return page.getByRole('dialog', { name: 'Settings' }).getByRole('tabpanel', {
    name: 'Administration',
  });
}

test('an administrator manages users and invitations in Settings', async ({ page, browser }) => {
  // Another user, signed up in a context of their own.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const otherEmail = await signUp(otherPage, '/', 'Grace Hopper');
  await other.close();

  const email = await signUpAdmin(page, '/', 'Edsger Dijkstra', 3);
  await dismissTranscriptionPrompt(page);
  await page.goto('/?tab=administration');
  const panel = administration(page);
  await expect(panel).toBeVisible();

  // The users list: the administrator's own row, and the other user with their usage.
  const users = panel.getByRole('list', { name: 'Users' });
  const self = users.getByRole('listitem').filter({ hasText: email });
  await expect(self.getByText('You', { exact: true })).toBeVisible();
  await expect(self.getByText('Administrator', { exact: true })).toBeVisible();
  await expect(self.getByRole('button', { name: 'Disable' })).toHaveCount(0);
  const row = users.getByRole('listitem', { name: 'Grace Hopper' }).filter({ hasText: otherEmail });
  await expect(row).toContainText('0 meetings');
  await expect(row).toContainText('0 B stored');
  await shootStates(page, 'admin-users');

  await row.getByRole('button', { name: 'Make administrator' }).click();
  await expect(row.getByText('Administrator', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Revoke administrator' }).click();
  await expect(row.getByText('Administrator', { exact: true })).toHaveCount(0);

  // Disabling asks first, and can be undone.
  await row.getByRole('button', { name: 'Disable' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disable Grace Hopper?' });
  await expect(confirm).toContainText('signed out everywhere');
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Enable' }).click();
  await expect(row.getByText('Disabled', { exact: true })).toHaveCount(0);

  // An invitation: added, listed, revoked.
  const invited = `invited-${Date.now()}@example.com`;
  await panel.getByLabel('E-mail address').fill(invited.toUpperCase());
  await panel.getByRole('button', { name: 'Invite', exact: true }).click();
  const invitations = panel.getByRole('list', { name: 'Invitations' });
  await expect(invitations.getByText(invited, { exact: true })).toBeVisible();

  // The sign-up mode and the server's state read as the server says.
  await expect(panel.getByRole('radiogroup', { name: 'Sign-up' })).toBeVisible();
  await expect(panel.getByRole('radio', { name: /^Open/ })).toBeChecked();
  await expect(panel.getByRole('region', { name: 'Server' })).toContainText('Version');
  await expect(panel.getByRole('region', { name: 'Server' })).toContainText('migrations applied');

  const axe = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .include('[role="dialog"]')
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
    [],
  );
  // The invitation's toast gone, so the shots show the tab alone.
  await expect(page.getByText(`Invited ${invited}`)).toHaveCount(0, { timeout: 15_000 });
  await shootStates(page, 'admin-server', () =>
    panel.getByRole('region', { name: 'Server' }).scrollIntoViewIfNeeded(),
  );

  await invitations.getByRole('button', { name: `Revoke the invitation of ${invited}` }).click();
  await expect(invitations).toHaveCount(0);
  await expect(panel.getByText('No open invitations.')).toBeVisible();

  // Deleting asks first, naming what goes with the account.
  await row.getByRole('button', { name: 'Delete Grace Hopper' }).click();
  const confirmDelete = page.getByRole('alertdialog', { name: 'Delete Grace Hopper?' });
  await expect(confirmDelete).toContainText('This cannot be undone.');
  await confirmDelete.getByRole('button', { name: 'Delete user' }).click();
  await expect(row).toHaveCount(0);
  await expect(self).toBeVisible();
});

test('a user who is not an administrator is not offered Administration', async ({ page }) => {
  await signUp(page, '/');
  await dismissTranscriptionPrompt(page);
  await page.goto('/?tab=administration');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('tab', { selected: true })).toHaveText('General');
  await expect(dialog.getByRole('tab', { name: 'Administration' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
});
