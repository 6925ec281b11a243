/**
 * What a recording records: the microphone, the microphone and a call's audio (a shared browser
 * tab, two channels), or the call alone. The choice is remembered per signed-in user in this
 * browser, so a shared computer keeps each person's habit.
 */
import { CALL_CHANNELS, type ChannelLayout } from '@summy/core';
import { useSyncExternalStore } from 'react';

/** The recorder's sources, as offered under 'Record from'. */
export const RECORDING_SOURCES = ['microphone', 'microphone-and-call', 'call'] as const;

/** One of {@link RECORDING_SOURCES}. */
export type RecordingSource = (typeof RECORDING_SOURCES)[number];

/** The words of each source in the 'Record from' choice. */
export const SOURCE_LABELS: Record<RecordingSource, string> = {
  microphone: 'Microphone',
  'microphone-and-call': 'Microphone and call audio',
  call: 'Call audio only',
};

/** True when the source records a call's audio (a shared tab). */
export function recordsCall(source: RecordingSource): boolean {
  return source !== 'microphone';
}

/** True when the source records the microphone. */
export function recordsMicrophone(source: RecordingSource): boolean {
  return source !== 'call';
}

/**
 * The meeting's channel layout for a source: a call is recorded as two channels (the microphone,
 * or silence, on channel 0; the call on channel 1); the microphone alone as one.
 */
export function channelsOf(source: RecordingSource): ChannelLayout {
  return recordsCall(source) ? [...CALL_CHANNELS] : null;
}

/** localStorage key of a user's choice; one per user id. */
export function sourceKey(userId: string): string {
  return `summy.recordingSource.${userId}`;
}

const listeners = new Set<() => void>();

function isSource(value: unknown): value is RecordingSource {
  return RECORDING_SOURCES.includes(value as RecordingSource);
}

/** The user's remembered source; the microphone when none (or no user, or blocked storage). */
export function getRecordingSource(userId: string | null): RecordingSource {
  if (!userId) return 'microphone';
  try {
    const stored = localStorage.getItem(sourceKey(userId));
    return isSource(stored) ? stored : 'microphone';
  } catch {
    return 'microphone';
  }
}

/** Remembers the user's source (for this visit only when storage is blocked or nobody is in). */
export function setRecordingSource(userId: string | null, source: RecordingSource): void {
  if (userId) {
    try {
      localStorage.setItem(sourceKey(userId), source);
    } catch {
      // Storage blocked: the choice holds until the page reloads.
    }
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('summy.recordingSource.')) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The user's remembered source, re-rendering when it changes (also in another tab). */
export function useRecordingSource(userId: string | null): RecordingSource {
  return useSyncExternalStore(subscribe, () => getRecordingSource(userId));
}
