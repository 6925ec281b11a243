/**
 * Recording settings kept in this browser (defaults in): when to offer a backup of a recording in
 * progress.
 */
import {
  DEFAULT_RECORDING_SETTINGS,
  readRecordingSettings,
  type RecordingSettings,
} from '@summy/core';
import { useSyncExternalStore } from 'react';

/** localStorage key of the settings (JSON). */
export const RECORDING_SETTINGS_KEY = 'summy.recordingSettings';

const listeners = new Set<() => void>();

function read(): RecordingSettings {
  try {
    const raw = localStorage.getItem(RECORDING_SETTINGS_KEY);
    return raw ? readRecordingSettings(JSON.parse(raw)) : DEFAULT_RECORDING_SETTINGS;
  } catch {
    // Blocked storage or a damaged value: the defaults keep recording safe.
    return DEFAULT_RECORDING_SETTINGS;
  }
}

let current = read();

window.addEventListener('storage', (event) => {
  if (event.key !== RECORDING_SETTINGS_KEY && event.key !== null) return;
  current = read();
  for (const listener of listeners) listener();
});

/** The settings now (for code outside React, e.g. the chunk handler). */
export function getRecordingSettings(): RecordingSettings {
  return current;
}

/** Changes some settings and keeps them in localStorage. */
export function setRecordingSettings(patch: Partial<RecordingSettings>): void {
  current = { ...current, ...patch };
  try {
    localStorage.setItem(RECORDING_SETTINGS_KEY, JSON.stringify(current));
  } catch {
    // Storage blocked: the change still applies to this visit.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The recording settings, re-rendering on change (also from another tab). */
export function useRecordingSettings(): RecordingSettings {
  return useSyncExternalStore(subscribe, () => current);
}
