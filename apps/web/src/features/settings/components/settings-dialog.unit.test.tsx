/**
 * Which of the Settings dialog's tabs shows for the tab the layout asks for (`?tab=` and the
 * 'openSettings' event's `detail.tab` name it), and what each tab holds. The tab list is a real
 * ARIA tab list; only the chosen panel has content. Rendered to static markup (the dialog's portal
 * needs a browser: e2e/tests/settings.spec.ts). The two pickers stand in as markers: they follow
 * the browser's storage and media queries, which are e2e's to check (tests/pwa.spec.ts,
 * tests/settings.spec.ts). Administration is offered only with its slot (administrators).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { readSettingsTab, SETTINGS_TABS, type SettingsTab } from '@/lib/open-settings';
import { COMING_SOON, RELEASE_NOTES } from '../release-notes';
import { SETTINGS_TAB_LABELS, SettingsSections } from './settings-dialog';

vi.mock('./theme-picker', () => ({ ThemePicker: () => <p>THEME PICKER</p> }));
vi.mock('./app-icon-theme-picker', () => ({ AppIconThemePicker: () => <p>APP ICON PICKER</p> }));

function render(tab?: SettingsTab, admin = true) {
  return renderToStaticMarkup(
    <SettingsSections
      tab={tab}
      administration={admin ? <p>ADMINISTRATION SLOT</p> : undefined}
      account={<p>ACCOUNT SLOT</p>}
      ai={<p>AI SLOT</p>}
      transcription={<p>TRANSCRIPTION SLOT</p>}
      recording={<p>RECORDING SLOT</p>}
      integrations={<p>INTEGRATIONS SLOT</p>}
    />,
  );
}

/** The tab triggers in order, as [label, selected] pairs. */
function tabs(html: string): [string, boolean][] {
  return [...html.matchAll(/<button[^>]*role="tab"[^>]*>(.*?)<\/button>/g)].map((match) => [
    match[1]!.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'"),
    /aria-selected="true"/.test(match[0]),
  ]);
}

const SLOT_OF: Record<SettingsTab, string[]> = {
  general: ['THEME PICKER', 'APP ICON PICKER', 'AI SLOT', 'TRANSCRIPTION SLOT', 'RECORDING SLOT'],
  account: ['ACCOUNT SLOT'],
  integrations: ['INTEGRATIONS SLOT'],
  'whats-new': [],
  administration: ['ADMINISTRATION SLOT'],
};

describe('SettingsSections', () => {
  it("lists General, Account, Integrations, What's New and Administration as a tab list", () => {
    const html = render('general');
    expect(html).toContain('role="tablist"');
    expect(html).toContain('aria-label="Settings sections"');
    expect(tabs(html).map(([label]) => label)).toEqual([
      'General',
      'Account',
      'Integrations',
      "What's New",
      'Administration',
    ]);
  });

  it('offers Administration to administrators only, else General shows for it', () => {
    const html = render('administration', false);
    expect(tabs(html).map(([label]) => label)).not.toContain('Administration');
    expect(tabs(html).filter(([, selected]) => selected)).toEqual([['General', true]]);
    expect(html).not.toContain('ADMINISTRATION SLOT');
  });

  it('opens on General when no tab is asked for', () => {
    const html = render();
    expect(tabs(html).filter(([, selected]) => selected)).toEqual([['General', true]]);
    expect(html).toContain('AI SLOT');
  });

  for (const tab of SETTINGS_TABS) {
    it(`shows the ${tab} tab, and only it, when ?tab=${tab} or the event names it`, () => {
      const asked = readSettingsTab(tab);
      expect(asked).toBe(tab);
      const html = render(asked!);
      expect(tabs(html).filter(([, selected]) => selected)).toEqual([
        [SETTINGS_TAB_LABELS[tab].label, true],
      ]);
      for (const [other, slots] of Object.entries(SLOT_OF)) {
        for (const slot of slots) {
          if (other === tab) expect(html).toContain(slot);
          else expect(html).not.toContain(slot);
        }
      }
      expect(html.includes('v1.3.0')).toBe(tab === 'whats-new');
      expect(html.includes('More Integrations')).toBe(tab === 'integrations');
    });
  }

  it('places the General sections in order: theme, app icon, AI, transcription, recording', () => {
    const html = render('general');
    const order = ['THEME PICKER', 'APP ICON PICKER', 'AI SLOT', 'TRANSCRIPTION', 'RECORDING'].map(
      (text) => html.indexOf(text),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("shows What's New as v1.3.0 to v1.0.0 headings, newest first, then Coming soon", () => {
    const html = render('whats-new');
    const headings = [...html.matchAll(/<h3[^>]*>(.*?)<\/h3>/g)].map((match) => match[1]);
    expect(headings).toEqual(['v1.3.0', 'v1.2.0', 'v1.1.0', 'v1.0.0', 'Coming soon']);
    expect(html).toContain('<time dateTime="2026-12-07"');
    expect(html).toContain('Dec 7, 2026</time>');
    for (const release of RELEASE_NOTES) {
      for (const line of release.highlights) expect(html).toContain(escape(line));
    }
    for (const item of COMING_SOON) expect(html).toContain(escape(item));
  });

  it('names what v1.3.0 added, and no longer promises what it built', () => {
    const latest = RELEASE_NOTES[0]!.highlights.join('\n');
    for (const feature of [
      'Ctrl+K',
      'Markdown',
      'DOCX',
      'PDF',
      'SRT',
      'WebVTT',
      'JSON',
      'API keys',
      'MCP',
      'Webhooks',
      'Name the speakers',
      'Voice profiles',
      '‘Last time’',
      'Backup and restore',
      'Administrators',
      'by invitation or closed',
    ]) {
      expect(latest).toContain(feature);
    }
    expect(COMING_SOON.join('\n')).not.toMatch(/language model built into Summy/);
  });
});

/** The text as React writes it into markup. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/</g, '&lt;');
}
