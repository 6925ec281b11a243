/**
 * Renders the installable app's PNG icons from their SVG sources in apps/web/public/icons/, in
 * Debian's Chromium (the browser the tests use; no image library to install). Run it after
 * changing an icon's SVG and commit the PNGs it writes:
 *
 *   npx tsx scripts/render-app-icons.ts
 *
 * For each app icon theme (light, dark; spec 001 section 2 "app icon theme"):
 * - `icon-{theme}-{192,512}.png` from `icon-{theme}.svg`, corners transparent (purpose "any");
 * - `icon-{theme}-maskable-{192,512}.png` from `icon-{theme}-maskable.svg`, full bleed with the
 *   mark inside the central 80 % safe zone (purpose "maskable", https://w3c.github.io/manifest/#icon-masks).
 * The web manifests (manifest-{theme}.webmanifest) list exactly these files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const iconsDir = path.resolve(import.meta.dirname, '../apps/web/public/icons');
const THEMES = ['light', 'dark'] as const;
const SIZES = [192, 512] as const;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const theme of THEMES) {
    for (const variant of ['', '-maskable'] as const) {
      const svg = readFileSync(path.join(iconsDir, `icon-${theme}${variant}.svg`), 'utf8');
      for (const size of SIZES) {
        await page.setViewportSize({ width: size, height: size });
        await page.setContent(
          `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
        );
        const file = path.join(iconsDir, `icon-${theme}${variant}-${size}.png`);
        await page.screenshot({ path: file, omitBackground: true });
        console.log(path.relative(process.cwd(), file));
      }
    }
  }
} finally {
  await browser.close();
}
