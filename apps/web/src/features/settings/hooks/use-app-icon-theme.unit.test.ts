/**
 * The app icon theme: the stored value, the links each theme points at, and the files behind them:
 * both web manifests and the pre-paint script public/theme.js must agree with this module.
 */
import { describe, expect, it } from 'vitest';
/* eslint-disable no-restricted-imports -- apps/web/public's files as text, not another feature */
import darkManifestText from '../../../../public/manifest-dark.webmanifest?raw';
import lightManifestText from '../../../../public/manifest-light.webmanifest?raw';
import themeScript from '../../../../public/theme.js?raw';
/* eslint-enable no-restricted-imports */
import {
  APP_ICON_THEME_STORAGE_KEY,
  APP_ICON_THEMES,
  appIconLinks,
  DEFAULT_APP_ICON_THEME,
  parseAppIconTheme,
  type AppIconTheme,
} from './use-app-icon-theme';

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

const manifests: Record<AppIconTheme, Manifest> = {
  light: JSON.parse(lightManifestText) as Manifest,
  dark: JSON.parse(darkManifestText) as Manifest,
};

describe('parseAppIconTheme', () => {
  it('reads the two themes and falls back to light for anything else', () => {
    expect(APP_ICON_THEMES).toEqual(['light', 'dark']);
    expect(DEFAULT_APP_ICON_THEME).toBe('light');
    expect(parseAppIconTheme('dark')).toBe('dark');
    expect(parseAppIconTheme('light')).toBe('light');
    for (const value of [null, undefined, '', 'Dark', 'system', '"dark"']) {
      expect(parseAppIconTheme(value)).toBe('light');
    }
  });
});

describe('the files of each app icon theme', () => {
  it('point at the manifest, favicon and touch icon of that theme only', () => {
    for (const theme of APP_ICON_THEMES) {
      const links = appIconLinks(theme);
      expect(links.manifest).toBe(`/manifest-${theme}.webmanifest`);
      expect(links.icon).toBe(`/icons/icon-${theme}.svg`);
      expect(links['apple-touch-icon']).toBe(`/icons/icon-${theme}-maskable-192.png`);
    }
  });

  it('are two manifests of one installable app that differ only in colours and icons', () => {
    const strip = ({ icons: _icons, theme_color: _t, background_color: _b, ...rest }: Manifest) =>
      rest;
    expect(strip(manifests.light)).toEqual(strip(manifests.dark));
    // The same id: switching the icon theme updates the installed app instead of making another.
    expect(manifests.light).toMatchObject({
      id: '/',
      name: 'Summy',
      short_name: 'Summy',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifests.light.theme_color).not.toBe(manifests.dark.theme_color);
  });

  it('list 192 and 512 px icons, plain and maskable, of their own theme', () => {
    for (const theme of APP_ICON_THEMES) {
      const { icons } = manifests[theme];
      for (const purpose of ['any', 'maskable']) {
        for (const size of ['192x192', '512x512']) {
          const icon = icons.find((i) => i.purpose === purpose && i.sizes === size);
          expect(icon, `${theme} ${purpose} ${size}`).toMatchObject({ type: 'image/png' });
        }
      }
      expect(icons.map((i) => i.src)).toContain(appIconLinks(theme).icon);
      for (const icon of icons) expect(icon.src).toMatch(new RegExp(`^/icons/icon-${theme}[-.]`));
    }
  });

  it('are what public/theme.js applies before first paint for a stored dark choice', () => {
    expect(themeScript).toContain(
      `localStorage.getItem('${APP_ICON_THEME_STORAGE_KEY}') === 'dark'`,
    );
    for (const href of Object.values(appIconLinks('dark'))) expect(themeScript).toContain(href);
  });
});
