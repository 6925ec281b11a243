/**
 * Screenshots of the web app shell for visual review: sign-in, the empty home layout of a freshly
 * signed-up user, the 404 page and the privacy policy, at desktop (1280x800) and phone (375x812)
 * sizes, in light and dark themes.
 *
 *   BASE_URL=http://localhost:3000 npx tsx e2e/screenshots/shell.ts
 *
 * Writes PNG files to .tmp/screens/ at the repository root. It signs up a new throwaway user
 * through the UI on every run, so it needs a running server with email/password sign-up enabled.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { settled } from '../fixtures/settle';

const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/screens');

/** The two sizes the documented layout switches between (sidebar from 768 px up, drawer below). */
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 812 },
] as const;

const THEMES = ['light', 'dark'] as const;
type ThemeName = (typeof THEMES)[number];

const written: string[] = [];

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  // Let entrance animations (dialogs, sheets, fades) finish so the picture shows the resting state.
  await settled(page);
  const file = path.join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  written.push(file);
  console.log(`  ${path.relative(process.cwd(), file)}`);
}

async function captureTheme(browser: Browser, theme: ThemeName): Promise<void> {
  console.log(`${theme} theme`);
  const context = await browser.newContext({
    colorScheme: theme,
    viewport: { width: VIEWPORTS[0].width, height: VIEWPORTS[0].height },
    deviceScaleFactor: 1,
  });
  // The app's stored theme choice (localStorage 'theme'), read by public/theme.js before first
  // paint.
  await context.addInitScript(
    `try { localStorage.setItem('theme', ${JSON.stringify(theme)}); } catch (e) {}`,
  );
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);

  try {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const suffix = `${viewport.name}-${theme}`;

      await page.goto(`${BASE_URL}/login`);
      await page.getByLabel('Email').waitFor();
      await shoot(page, `signin-${suffix}`);

      await page.goto(`${BASE_URL}/signup`);
      await page.getByLabel('Name').waitFor();
      await shoot(page, `signup-${suffix}`);

      await page.goto(`${BASE_URL}/this-page-does-not-exist`);
      await page.getByText('Oops! Page not found').waitFor();
      await shoot(page, `404-${suffix}`);

      await page.goto(`${BASE_URL}/privacy-policy`);
      await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
      await shoot(page, `privacy-${suffix}`);
      await shoot(page, `privacy-full-${suffix}`, true);
    }

    // A fresh user per theme, signed up through the UI exactly as a person would.
    await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await page.goto(`${BASE_URL}/signup`);
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(`shell-${theme}-${stamp}@example.com`);
    await page.getByLabel('Password').fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const suffix = `${viewport.name}-${theme}`;
      await page.goto(`${BASE_URL}/`);
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      if (viewport.name === 'mobile') {
        await shoot(page, `home-${suffix}`);
        await page.getByRole('button', { name: 'Open sidebar' }).click();
        await page.getByText('No meetings yet').waitFor();
        await shoot(page, `home-drawer-${suffix}`);
        await page.keyboard.press('Escape');
      } else {
        await page.getByText('No meetings yet').waitFor();
        await shoot(page, `home-${suffix}`);
        await page.getByRole('button', { name: 'New meeting' }).click();
        await page.getByRole('menuitem', { name: 'New recording' }).waitFor();
        await shoot(page, `home-new-meeting-menu-${suffix}`);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Settings' }).click();
        await page.getByRole('dialog', { name: 'Settings' }).waitFor();
        await shoot(page, `settings-${suffix}`);
        await page.keyboard.press('Escape');
      }
      await page.goto(`${BASE_URL}/chats`);
      await page.getByText('No past chats yet').waitFor();
      await shoot(page, `chats-${suffix}`);
    }
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  try {
    for (const theme of THEMES) await captureTheme(browser, theme);
  } finally {
    await browser.close();
  }
  console.log(`${written.length} screenshots in ${OUT_DIR}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
