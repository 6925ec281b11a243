/** Which Settings tab `?tab=` or the 'openSettings' event's `detail.tab` opens. */
import { describe, expect, it } from 'vitest';
import { OPEN_SETTINGS_EVENT, readSettingsTab, SETTINGS_TABS } from './open-settings';

describe('readSettingsTab', () => {
  it("reads the four tabs, integrations and what's new among them", () => {
    expect(SETTINGS_TABS).toEqual([
      'general',
      'account',
      'integrations',
      'whats-new',
      'administration',
    ]);
    for (const tab of SETTINGS_TABS) expect(readSettingsTab(tab)).toBe(tab);
  });

  it('answers null for anything else, so the dialog falls back to General', () => {
    for (const value of [
      'Integrations',
      'whatsNew',
      'whats new',
      '',
      null,
      undefined,
      3,
      { tab: 'account' },
    ]) {
      expect(readSettingsTab(value)).toBeNull();
    }
  });

  it('names the documented event', () => {
    expect(OPEN_SETTINGS_EVENT).toBe('openSettings');
  });
});
