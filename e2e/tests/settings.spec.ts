/**
 * In the browser: the Settings dialog's four tabs, each opened by a click on its tab, by `?tab=` in
 * the address and by the 'openSettings' window event's `detail.tab`; the page title 'Settings -
 * Summy' while it is open; the tab list by keyboard (arrows, Home, End); General holding the theme,
 * app icon and recording settings; Account showing the signed-in user (a Google user: avatar, name,
 * email, 'Primary account', Add Account opening Google's picker, Sign Out, Privacy Policy); What's
 * New with its version headings; a phone-width dialog whose tabs fit. Screenshots (RECORDER_SHOTS)
 * of each tab at 1280 and 375 px, light and dark.
 */
import { startFakeGoogle, type FakeGoogle } from '@summy/fakes/google';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInWithGoogle } from '../fixtures/google';
import { shootStates } from '../fixtures/screenshots';
import { dismissTranscriptionPrompt, signUp } from '../fixtures/session';
import { fakeGooglePort } from '../playwright.config';

/** The tabs as `?tab=` spells them, with their visible names (apps/web/src/lib/open-settings.ts). */
const TABS = [
  { id: 'general', name: 'General' },
  { id: 'account', name: 'Account' },
  { id: 'integrations', name: 'Integrations' },
  { id: 'whats-new', name: "What's New" },
] as const;

type TabName = (typeof TABS)[number]['name'];

/** A signed-in Google account of the fake that no other spec links or signs in as. */
const GOOGLE_USER = { email: 'grace@globex.test' };

let google: FakeGoogle | undefined;

test.beforeAll(async () => {
  google = await startFakeGoogle({ port: fakeGooglePort });
});

test.afterAll(async () => {
  await google?.close();
});

function settingsDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Settings' });
}

/** Expects `name` to be the one selected tab and its panel to be the one shown. */
async function expectTab(page: Page, name: TabName): Promise<void> {
  const dialog = settingsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { selected: true })).toHaveText(name);
  await expect(dialog.getByRole('tabpanel')).toHaveCount(1);
  await expect(dialog.getByRole('tabpanel', { name })).toBeVisible();
}

/** Checks the content that tells each tab apart. */
async function expectTabContent(page: Page, name: TabName, email: string): Promise<void> {
  const panel = settingsDialog(page).getByRole('tabpanel', { name });
  switch (name) {
    case 'General':
      await expect(panel.getByRole('radiogroup', { name: 'Theme' })).toBeVisible();
      await expect(panel.getByRole('radiogroup', { name: 'App icon' })).toBeVisible();
      await expect(panel.getByRole('region', { name: 'AI' })).toBeVisible();
      await expect(panel.getByRole('region', { name: 'Transcription' })).toBeAttached();
      // The recording settings, with their defaults.
      await expect(panel.getByRole('region', { name: 'Recording' })).toBeAttached();
      await expect(panel.getByRole('switch', { name: 'Auto backup' })).toBeChecked();
      break;
    case 'Account':
      await expect(panel.getByText(email, { exact: true }).first()).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      break;
    case 'Integrations':
      await expect(panel.getByRole('region', { name: /^Linear/ })).toBeVisible();
      await expect(panel.getByText('More Integrations')).toBeVisible();
      break;
    case "What's New":
      await expect(panel.getByRole('heading', { name: 'v1.3.0' })).toBeVisible();
      break;
  }
}

/** Fires the documented window event, as a feature's button would (lib/open-settings.ts). */
async function fireOpenSettings(page: Page, tab?: string): Promise<void> {
  // A string, because this package is type-checked without the DOM library.
  const detail = tab === undefined ? 'undefined' : JSON.stringify({ tab });
  await page.evaluate(
    `window.dispatchEvent(new CustomEvent('openSettings', { detail: ${detail} }))`,
  );
}

test('each tab by a click and by the keyboard; the page title while open', async ({ page }) => {
  const email = await signUp(page, '/');
  await dismissTranscriptionPrompt(page);
  await page.reload();
  await expect(page).toHaveTitle('Home - Summy');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expectTab(page, 'General');
  await expect(page).toHaveTitle('Settings - Summy');
  await expect(
    settingsDialog(page).getByRole('tablist', { name: 'Settings sections' }).getByRole('tab'),
  ).toHaveText(TABS.map((tab) => tab.name));

  for (const { name } of [...TABS].reverse()) {
    await settingsDialog(page).getByRole('tab', { name }).click();
    await expectTab(page, name);
    await expectTabContent(page, name, email);
  }

  // A tab list: arrows move and show, Home and End jump, and the chosen tab has a focus ring.
  const general = settingsDialog(page).getByRole('tab', { name: 'General' });
  await general.focus();
  await page.keyboard.press('ArrowRight');
  await expectTab(page, 'Account');
  await expect(settingsDialog(page).getByRole('tab', { name: 'Account' })).toBeFocused();
  await page.keyboard.press('End');
  await expectTab(page, "What's New");
  await page.keyboard.press('ArrowRight');
  await expectTab(page, 'General');
  await page.keyboard.press('ArrowLeft');
  await expectTab(page, "What's New");
  await page.keyboard.press('Home');
  await expectTab(page, 'General');
  // An expression, because this package is type-checked without the DOM library.
  const shadow = `getComputedStyle(document.querySelector('[role="tab"][id$="-trigger-general"]')).boxShadow`;
  const focused: unknown = await page.evaluate(shadow);
  expect(focused).toMatch(/rgb|oklab|oklch/);
  // Tab leaves the tab list for the panel, which scrolls by keyboard; the ring goes with focus.
  await page.keyboard.press('Tab');
  await expect(settingsDialog(page).getByRole('tabpanel', { name: 'General' })).toBeFocused();
  expect(await page.evaluate(shadow)).not.toBe(focused);

  await page.keyboard.press('Escape');
  await expect(settingsDialog(page)).toHaveCount(0);
  await expect(page).toHaveTitle('Home - Summy');
});

test('?tab= opens each tab and leaves the address when closed', async ({ page }) => {
  const email = await signUp(page, '/');
  await dismissTranscriptionPrompt(page);
  for (const { id, name } of TABS) {
    await page.goto(`/?tab=${id}`);
    await expectTab(page, name);
    await expectTabContent(page, name, email);
    await expect(page).toHaveTitle('Settings - Summy');
    await page.keyboard.press('Escape');
    await expect(settingsDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  }
  // Another screen keeps its own path; an unknown tab opens General.
  await page.goto('/todos?tab=whats-new');
  await expectTab(page, "What's New");
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/todos$/);
  await expect(page).toHaveTitle('Tasks - Summy');
  await page.goto('/?tab=nope');
  await expectTab(page, 'General');
});

test("the 'openSettings' event opens each tab", async ({ page }) => {
  const email = await signUp(page, '/todos');
  await dismissTranscriptionPrompt(page);
  await expect(page).toHaveTitle('Tasks - Summy');
  for (const { id, name } of TABS) {
    await fireOpenSettings(page, id);
    await expectTab(page, name);
    await expectTabContent(page, name, email);
    await page.keyboard.press('Escape');
    await expect(settingsDialog(page)).toHaveCount(0);
  }
  // While open, the event switches the tab; with no tab it opens General.
  await fireOpenSettings(page, 'account');
  await expectTab(page, 'Account');
  await fireOpenSettings(page, 'whats-new');
  await expectTab(page, "What's New");
  await page.keyboard.press('Escape');
  await fireOpenSettings(page);
  await expectTab(page, 'General');
  await page.keyboard.press('Escape');
  await expect(page).toHaveTitle('Tasks - Summy');
});

test('Account shows the signed-in Google user, Add Account, Sign Out and the privacy policy', async ({
  page,
}) => {
  await signInWithGoogle(page, GOOGLE_USER.email);
  await dismissTranscriptionPrompt(page);
  // Other specs on this server link grace's Google account to a password user, and Google
  // sign-in then opens that user: name and e-mail are the session's, grace is the Google account.
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { name: string; email: string };
  };
  await page.goto('/?tab=account');
  const panel = settingsDialog(page).getByRole('tabpanel', { name: 'Account' });
  await expect(panel.getByText(session.user.name, { exact: true })).toBeVisible();
  await expect(panel.getByText(session.user.email, { exact: true }).first()).toBeVisible();
  const initials = session.user.name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  await expect(panel.locator('[data-slot="avatar"]').first()).toHaveText(initials);
  await expect(panel.getByText('Primary account')).toBeVisible();
  await expect(panel.getByText(GOOGLE_USER.email).first()).toBeVisible();

  // Add Account is the linked-accounts flow: Google's account picker in a popup.
  const popupPromise = page.waitForEvent('popup');
  await panel.getByRole('button', { name: 'Add Account' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await popup.close();

  await panel.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await page.goBack();
  await page.goto('/?tab=account');
  await settingsDialog(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});

test("What's New: v1.3.0 to v1.0.0 newest first, then Coming soon", async ({ page }) => {
  await signUp(page, '/');
  await dismissTranscriptionPrompt(page);
  await page.goto('/?tab=whats-new');
  const panel = settingsDialog(page).getByRole('tabpanel', { name: "What's New" });
  await expect(panel.getByRole('heading')).toHaveText([
    'v1.3.0',
    'v1.2.0',
    'v1.1.0',
    'v1.0.0',
    'Coming soon',
  ]);
  const latest = panel.getByRole('region', { name: 'v1.3.0' });
  await expect(latest.getByText('Latest')).toBeVisible();
  await expect(latest.getByText('Dec 7, 2026')).toBeVisible();
  await expect(latest.getByText(/Ctrl\+K/).first()).toBeVisible();
  await expect(
    panel
      .getByRole('region', { name: 'v1.2.0' })
      .getByText(/Linear/)
      .first(),
  ).toBeVisible();
  await expect(
    panel
      .getByRole('region', { name: 'v1.1.0' })
      .getByText(/Google/)
      .first(),
  ).toBeVisible();
  await expect(
    panel.getByRole('region', { name: 'v1.0.0' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(
    panel.getByRole('region', { name: 'Coming soon' }).getByRole('listitem'),
  ).not.toHaveCount(0);
});

test('at 375 px the four tabs fit and every tab is usable', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const email = await signUp(page, '/');
  await dismissTranscriptionPrompt(page);
  await page.goto('/?tab=general');
  const dialog = settingsDialog(page);
  await expectTab(page, 'General');
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(box!.y + box!.height).toBeLessThanOrEqual(812);
  for (const { name } of TABS) {
    const tab = dialog.getByRole('tab', { name });
    const tabBox = await tab.boundingBox();
    expect(tabBox!.x).toBeGreaterThanOrEqual(box!.x);
    expect(tabBox!.x + tabBox!.width).toBeLessThanOrEqual(box!.x + box!.width);
    // The whole label is shown, not cut off.
    expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  // The panel scrolls under the fixed title and tabs: the last General setting is reachable.
  const last = dialog.getByRole('region', { name: 'Recording' });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await expect(dialog.getByRole('tab', { name: 'General' })).toBeInViewport();

  for (const { name } of TABS) {
    await dialog.getByRole('tab', { name }).click();
    await expectTab(page, name);
    await expectTabContent(page, name, email);
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('screenshots of each tab', async ({ page }) => {
  test.skip(!process.env.RECORDER_SHOTS, 'set RECORDER_SHOTS=<folder> to take them');
  test.setTimeout(180_000);
  await signInWithGoogle(page, GOOGLE_USER.email);
  await dismissTranscriptionPrompt(page);
  for (const { id, name } of TABS) {
    await page.goto(`/?tab=${id}`);
    await expectTab(page, name);
    await shootStates(page, `settings-${id}`);
  }
  // The end of General, scrolled inside its panel: the recording settings.
  await page.goto('/?tab=general');
  const recording = settingsDialog(page).getByRole('region', { name: 'Recording' });
  await shootStates(page, 'settings-general-end', () => recording.scrollIntoViewIfNeeded());
});
