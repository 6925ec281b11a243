/**
 * Sign-in through an OpenID Connect provider in the browser, against a Summy of the spec's own
 * pointed at the loopback issuer of @summy/fakes/oidc (the worker's server has none, and Better
 * Auth reads the issuer's discovery when it starts): the button with the configured label, a
 * refusal shown on the sign-in screen, and a sign-in that lands on the home screen.
 */
import { expect, test } from '@playwright/test';
import { DEFAULT_FAKE_OIDC_CLIENT, startFakeOidc, type FakeOidc } from '@summy/fakes/oidc';
import { spawnSummy, waitHealthy, type SummyProcess } from '../../apps/server/test/processes';
import { shootStates } from '../fixtures/screenshots';

let fake: FakeOidc;
let summy: SummyProcess;

test.beforeAll(async () => {
  fake = await startFakeOidc({ issuerPath: '/application/o/summy' });
  summy = await spawnSummy(
    {
      OIDC_ISSUER: fake.issuer,
      OIDC_CLIENT_ID: DEFAULT_FAKE_OIDC_CLIENT.clientId,
      OIDC_CLIENT_SECRET: DEFAULT_FAKE_OIDC_CLIENT.clientSecret,
      OIDC_NAME: 'Continue with Authentik',
      ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}),
    },
    { migrated: true },
  );
  await waitHealthy(summy);
});
test.afterAll(async () => {
  await summy?.stop();
  await fake?.close();
});

test('the worker server without a provider shows no OpenID Connect button', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByRole('button', { name: /single sign-on|Authentik/ })).toHaveCount(0);
});

test('signs in through the provider, and shows its refusals', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: summy.url, locale: 'en-US' });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Continue with Authentik' });
    await expect(button).toBeVisible();
    await shootStates(page, 'sign-in-oidc');

    await button.click();
    await page.getByRole('link', { name: 'eve@example.com' }).click();
    await expect(page).toHaveURL(/\/login\?error=OIDC_EMAIL_NOT_VERIFIED/);
    await expect(page.getByRole('alert')).toContainText(
      'Your identity provider has not verified this e-mail address.',
    );
    await shootStates(page, 'sign-in-oidc-refused');

    await button.click();
    await page.getByRole('link', { name: 'ada@example.com' }).click();
    await expect(page).toHaveURL(`${summy.url}/`);
    await expect(page).toHaveTitle('Home - Summy');
  } finally {
    await context.close();
  }
});
