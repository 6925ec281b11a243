/**
 * In the browser: Settings > Integrations > Webhooks. The form refuses an empty URL or no event
 * where it is typed; a webhook is added for a receiver on 127.0.0.1, its signing secret is shown
 * once, it is listed with its events, a test event reaches the receiver and shows as delivered in
 * the log, it is switched off, and deleted after a confirmation.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AXE_TAGS } from '../fixtures/a11y';
import { shootStates } from '../fixtures/screenshots';
import { dismissTranscriptionPrompt, signUp } from '../fixtures/session';

test('add a webhook, see its secret once, test it, switch it off, delete it', async ({ page }) => {
  // Four screens in two themes and widths when RECORDER_SHOTS asks for them.
  test.slow(!!process.env.RECORDER_SHOTS);
  const received: { id: string | undefined; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ id: req.headers['webhook-id'] as string | undefined, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/summy`;
  try {
    await signUp(page);
    await dismissTranscriptionPrompt(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: 'Integrations' }).click();
    const block = settings.getByRole('region', { name: 'Webhooks' });
    await expect(block.getByText('No webhooks yet.')).toBeVisible();
    await shootStates(page, 'webhooks-empty', () => block.scrollIntoViewIfNeeded());

    await block.getByRole('button', { name: 'Add webhook' }).click();
    const form = block.getByRole('form', { name: 'Add webhook' });
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect(form.getByRole('alert')).toHaveText('Enter the URL to send events to');
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByRole('checkbox', { name: /Meeting processed/ }).click();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect(form.getByRole('alert')).toHaveText('Choose at least one event');
    await form.getByRole('checkbox', { name: /Meeting processed/ }).click();
    await form.getByRole('checkbox', { name: /To-do completed/ }).click();
    await shootStates(page, 'webhooks-form', () => form.scrollIntoViewIfNeeded());
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy the signing secret' });
    const field = shown.getByLabel('Signing secret');
    await expect(field).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = await field.inputValue();
    await shootStates(page, 'webhook-secret');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    const row = block.getByRole('list', { name: 'Webhooks' }).locator(':scope > li');
    await expect(row).toContainText(url);
    await expect(row.getByRole('list', { name: 'Events' }).getByRole('listitem')).toHaveText([
      'Meeting processed',
      'To-do completed',
    ]);
    // Shown once: never in the list.
    await expect(block).not.toContainText(secret.slice(6, 20));

    await row.getByRole('button', { name: `Send test event to ${url}` }).click();
    const newest = row
      .getByRole('list', { name: 'Deliveries, newest first' })
      .getByRole('listitem');
    await expect(newest).toHaveCount(1);
    await expect(newest).toContainText('webhook.test');
    await expect(newest).toContainText('Delivered');
    await expect(newest).toContainText('HTTP 200 · 1 try');
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test' });
    // The filled block (form closed, log open) passes the same WCAG checks as every screen.
    const axe = await new AxeBuilder({ page })
      .withTags(AXE_TAGS)
      .include('[role="dialog"]')
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
      [],
    );
    await shootStates(page, 'webhooks-list', () => row.scrollIntoViewIfNeeded());

    const toggle = row.getByRole('switch', { name: 'Enabled' });
    await expect(toggle).toBeChecked();
    await toggle.press('Space');
    await expect(toggle).not.toBeChecked();
    await page.reload();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await settings.getByRole('tab', { name: 'Integrations' }).click();
    await expect(block.getByRole('switch', { name: 'Enabled' })).not.toBeChecked();

    await block.getByRole('button', { name: `Delete the webhook ${url}` }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByText('Webhook deleted')).toBeVisible();
    await expect(block.getByText('No webhooks yet.')).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
