/**
 * Opening Settings on a given tab from anywhere (by the query parameter `tab=integrations`, or by a
 * window event 'openSettings' carrying tab 'integrations'). Lives in lib, not in the app layer,
 * because features fire the event (the Linear panel's 'Connect Linear', the reminders section) and
 * features never import the app layer. Tiny on purpose: the layout that listens is part of every
 * page's first download (bench/web).
 */

/** Window event that opens Settings; its `detail.tab` (optional) picks the tab. */
export const OPEN_SETTINGS_EVENT = 'openSettings';

/**
 * The Settings dialog's tabs, in their order and as `?tab=` spells them. 'administration' is
 * shown to administrators only.
 */
export const SETTINGS_TABS = [
  'general',
  'account',
  'integrations',
  'whats-new',
  'administration',
] as const;

/** One of {@link SETTINGS_TABS}. */
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** `detail` of the {@link OPEN_SETTINGS_EVENT} event. */
export interface OpenSettingsDetail {
  tab?: SettingsTab;
}

/** The tab a `?tab=` value or an event's `detail.tab` names; null for anything else. */
export function readSettingsTab(value: unknown): SettingsTab | null {
  return typeof value === 'string' && (SETTINGS_TABS as readonly string[]).includes(value)
    ? (value as SettingsTab)
    : null;
}

/** Fires {@link OPEN_SETTINGS_EVENT}: the layout opens Settings on `tab` (General when omitted). */
export function openSettings(tab?: SettingsTab): void {
  window.dispatchEvent(
    new CustomEvent<OpenSettingsDetail>(OPEN_SETTINGS_EVENT, { detail: { tab } }),
  );
}
