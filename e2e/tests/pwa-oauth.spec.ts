/**
 * The OAuth popups with the installable app's service worker in charge, as on every visit after
 * the first: Add Account (Google), Connect Google Calendar and Connect Linear each come back
 * through a callback page (/auth/callback, /linear/callback) that must reach its opener, post the
 * outcome and close. The worker must leave those pages to the server, whose answer keeps the
 * popup in the opener's browsing context group (`Cross-Origin-Opener-Policy: unsafe-none`);
 * the app shell it caches carries the site's `same-origin-allow-popups`, which cuts the popup
 * off from its opener after the hop through the provider, so the popup stayed open on Home and
 * the page never heard.
 *
 * Against the Google and Linear fakes, on the ports playwright.config.ts points the server at.
 */
import { startFakeGoogle, type FakeGoogle } from '@summy/fakes/google';
import { startFakeLinear, type FakeLinear } from '@summy/fakes/linear';
import { expect, test, type Page } from '@playwright/test';
import { api, dismissTranscriptionPrompt, signUp } from '../fixtures/session';
import { fakeGooglePort, fakeLinearPort } from '../playwright.config';
import { visitAgainUnderServiceWorker } from '../fixtures/service-worker';

/** The fake's consumer account; google.spec.ts links it too, and both unlink it when done. */
const PERSONAL = 'ada.personal@example-mail.test';

test.use({ serviceWorkers: 'allow', locale: 'en-US' });

let google: FakeGoogle | undefined;
let linear: FakeLinear | undefined;

test.beforeAll(async () => {
  google = await startFakeGoogle({ port: fakeGooglePort });
  linear = await startFakeLinear({ port: fakeLinearPort });
});

test.afterAll(async () => {
  await google?.close();
  await linear?.close();
});

interface ApiGoogleAccount {
  id: string;
  email: string;
}

/** Unlinks every Google account of the signed-in user, so the next spec may link them again. */
async function unlinkGoogle(page: Page): Promise<void> {
  const accounts = await api<ApiGoogleAccount[]>(page, 'GET', '/api/google/accounts');
  for (const account of accounts) {
    await api(page, 'DELETE', `/api/google/accounts/${account.id}`);
  }
}

/** Signs a new password user up and opens `path` on a second visit, the worker in control. */
async function secondVisit(page: Page, path: string): Promise<void> {
  await signUp(page, '/');
  await dismissTranscriptionPrompt(page);
  await visitAgainUnderServiceWorker(page, path);
}

test('Add Account: the popup reports back and closes on a second visit', async ({ page }) => {
  await secondVisit(page, '/?tab=account');
  const panel = page.getByRole('dialog', { name: 'Settings' }).getByRole('tabpanel', {
    name: 'Account',
  });
  await expect(panel.getByText('No Google account linked')).toBeVisible();

  const popupPromise = page.waitForEvent('popup');
  await panel.getByRole('button', { name: 'Add Account' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  const closed = popup.waitForEvent('close', { timeout: 15_000 });
  await popup.getByRole('button', { name: PERSONAL }).click();
  await closed;
  await expect(page.getByText('Google account added successfully!')).toBeVisible();
  await expect(panel.getByText(PERSONAL)).toBeVisible();
  await unlinkGoogle(page);
});

test('Connect Google Calendar: the popup reports back and the week shows', async ({ page }) => {
  await secondVisit(page, '/calendar');
  await expect(page.getByRole('heading', { name: 'Connect your Google Calendar' })).toBeVisible();

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  const closed = popup.waitForEvent('close', { timeout: 15_000 });
  await popup.getByRole('button', { name: PERSONAL }).click();
  await closed;
  await expect(page.getByText(/^Week \d+$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connect your Google Calendar' })).toHaveCount(0);
  await unlinkGoogle(page);
});

test('Connect Linear: the popup reports back and Settings says connected', async ({ page }) => {
  await secondVisit(page, '/?tab=integrations');
  const block = page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('region', { name: /^Linear( Connected)?$/ });

  const popupPromise = page.waitForEvent('popup');
  await block.getByRole('button', { name: 'Connect Linear' }).click();
  const popup = await popupPromise;
  const authorize = popup.getByRole('button', { name: 'Authorize as Ada Lovelace' });
  await expect(authorize).toBeVisible();
  const closed = popup.waitForEvent('close', { timeout: 15_000 });
  await authorize.click();
  await closed;
  await expect(page.getByText('Linear connected')).toBeVisible();
  await expect(block.getByText('Connected as Ada Lovelace (ada@linear.test)')).toBeVisible();
});

test('the callback pages are the server’s, never the worker’s cached shell', async ({ page }) => {
  await secondVisit(page, '/');
  for (const path of ['/auth/callback', '/linear/callback?error=access_denied']) {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker(), path).toBe(false);
    expect(response?.headers()['cross-origin-opener-policy'], path).toBe('unsafe-none');
  }
  // Any other page of the app is still the worker's shell.
  const home = await page.goto('/todos');
  expect(home?.fromServiceWorker()).toBe(true);
});
