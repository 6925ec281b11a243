/**
 * In the browser: the Contacts page at /contacts against the Google fake. Signed in with Google,
 * 'Sync now' brings the seeded address book and the organisation's colleagues (photos or coloured
 * initials, 'Organisation' marker) and the search narrows them; a person without Google sees the
 * connect prompt; an account without contacts sees the empty state; a server without Google says
 * so. Screenshots (RECORDER_SHOTS) at 1280 and 375 px, light and dark.
 */
import { startFakeGoogle, type FakeGoogle } from '@summy/fakes/google';
import { expect, test } from '@playwright/test';
import { HEALTHY_TIMEOUT_MS, spawnSummy, waitHealthy } from '../../apps/server/test/processes';
import { signInWithGoogle } from '../fixtures/google';
import { shootStates } from '../fixtures/screenshots';
import { signUp } from '../fixtures/session';
import { fakeGooglePort } from '../playwright.config';

const WORK = 'ada@acme.test';
const NO_CONTACTS = 'grace@globex.test';

let google: FakeGoogle | undefined;

test.beforeAll(async () => {
  google = await startFakeGoogle({ port: fakeGooglePort });
});

test.afterAll(async () => {
  await google?.close();
});

test('synced contacts: sync now, organisation marker, search', async ({ page }) => {
  // Up to two paced syncs (the one signing in queued, then the one asked for), 30 s or so each.
  test.setTimeout(180_000);
  await signInWithGoogle(page, WORK);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contacts' })
    .click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page).toHaveTitle('Contacts - Summy');
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();

  // Signing in queued a sync already; 'Sync now' queues another (or waits for that one), shows
  // each step as the server announces it, and ends with what changed.
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(
    page.getByText(/Contacts sync started|A contacts sync is already on its way/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
  await expect(
    page.getByRole('status').filter({
      hasText:
        /^(Looking up colleagues|Saving contacts|Completing names and photos) \(\d+ of \d+\)$/,
    }),
  ).toBeVisible({ timeout: 30_000 });
  await shootStates(page, 'contacts-sync-progress');
  await expect(page.getByText(/^Synced \d+ contacts, \d+ new$/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
  await shootStates(page, 'contacts-synced');
  const list = page.getByRole('list', { name: 'Contacts' });
  const bob = list.getByRole('listitem').filter({ hasText: 'bob.smith@acme.test' });
  // Saved without a name in Ada's address book: the name comes from the acme.test directory.
  await expect(bob.getByText('Bob Smith', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(bob.getByText('Organisation')).toBeVisible();
  const carol = list.getByRole('listitem').filter({ hasText: 'carol.smith@globex.test' });
  await expect(carol.getByText('Carol Smith', { exact: true })).toBeVisible();
  await expect(carol.getByText('Organisation')).toHaveCount(0);
  await page.evaluate('window.scrollTo(0, 0)');
  await shootStates(page, 'contacts-list');

  const search = page.getByRole('searchbox', { name: 'Search contacts' });
  await search.fill('carol');
  await expect(list.getByRole('listitem').first()).toContainText(/carol/i);
  await expect(list.getByText('bob.smith@acme.test')).toHaveCount(0);
  const rows = await list.getByRole('listitem').allTextContents();
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.every((text) => /carol/i.test(text))).toBe(true);
  await shootStates(page, 'contacts-search');

  await search.fill('nobody-like-this');
  await expect(page.getByText('No contacts found')).toBeVisible();
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(bob).toBeVisible();
});

test('a person without Google sees the connect prompt', async ({ page }) => {
  await signUp(page, '/contacts');
  await expect(page.getByText('Connect Google to see your contacts')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Google' })).toBeEnabled();
  await shootStates(page, 'contacts-not-connected');
});

test('an account without contacts sees the empty state', async ({ page }) => {
  await signInWithGoogle(page, NO_CONTACTS);
  await page.goto('/contacts');
  await expect(page.getByText('No contacts yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible();
  await shootStates(page, 'contacts-empty');
});

test('a server without Google says so', async ({ browser }) => {
  // A server of its own starts first: on a loaded machine that alone can take over a minute.
  test.setTimeout(HEALTHY_TIMEOUT_MS + 60_000);
  const server = await spawnSummy({}, { migrated: true });
  try {
    await waitHealthy(server);
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signUp(page, '/contacts');
    await expect(page.getByText('Google is not configured on this server')).toBeVisible();
    await expect(
      page.getByText('Google sign-in is not set up on this server. Ask its administrator.'),
    ).toBeVisible();
    // The settings and docs are the operator's, in the server's log; never on a person's screen.
    await expect(page.getByText(/GOOGLE_CLIENT|self-hosting/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Connect|Sync/ })).toHaveCount(0);
    await shootStates(page, 'contacts-not-configured');
    await context.close();
  } finally {
    await server.stop();
  }
});
