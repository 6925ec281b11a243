/**
 * In the browser: Settings > Account > API keys. A key is created with a scope, shown once with
 * Copy, works as a bearer token against the API, is listed without its secret and with its last
 * use to the minute, and is revoked.
 */
import { expect, test } from '@playwright/test';
import { shootStates } from '../fixtures/screenshots';
import { dismissTranscriptionPrompt, signUp } from '../fixtures/session';

test('create a read-only API key, use it, revoke it', async ({ page, baseURL }) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();
  const block = settings.getByRole('region', { name: 'API keys' });
  await expect(block.getByText('No API keys yet.')).toBeVisible();

  // An empty name is refused where it is typed.
  await block.getByRole('button', { name: 'Create key' }).click();
  await expect(block.getByRole('alert')).toHaveText('Enter a name');
  await block.getByLabel('Name').fill('Claude Desktop');
  await expect(block.getByLabel('Access')).toHaveValue('read');
  await block.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your API key' });
  const field = shown.getByLabel('API key');
  await expect(field).toHaveValue(/^summy_[A-Za-z0-9_-]{43}$/);
  const key = await field.inputValue();
  await shootStates(page, 'api-key-created');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  const row = block.getByRole('listitem').filter({ hasText: 'Claude Desktop' });
  await expect(row).toContainText('Read only');
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText('never used');
  await expect(block).not.toContainText(key);

  // The key reads as the user and may not write.
  const request = page.context().request;
  const headers = { Authorization: `Bearer ${key}` };
  const list = await request.fetch(`${baseURL}/api/meetings`, {
    headers: { ...headers, cookie: '' },
  });
  expect(list.status()).toBe(200);
  const write = await request.fetch(`${baseURL}/api/todos`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', cookie: '' },
    data: { title: 'nope' },
  });
  expect(write.status()).toBe(403);

  // Its last use reads to the minute, as the server records it: Settings opened anew.
  await page.goto('/?tab=account');
  await expect(row).toContainText(/last used [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)/);
  await shootStates(page, 'api-keys-settings', () => block.scrollIntoViewIfNeeded());

  await row.getByRole('button', { name: 'Revoke the API key Claude Desktop' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  await expect(block.getByText('No API keys yet.')).toBeVisible();
  const after = await request.fetch(`${baseURL}/api/meetings`, {
    headers: { ...headers, cookie: '' },
  });
  expect(after.status()).toBe(401);
});
