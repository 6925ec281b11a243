/**
 * The 'Record from' choice, remembered per signed-in user: each user's own, the microphone by
 * default, a damaged or foreign value ignored, and the channel layout each source records.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelsOf, getRecordingSource, setRecordingSource, sourceKey } from './recording-source';

let stored: Map<string, string>;

beforeEach(() => {
  stored = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('recording source', () => {
  it("remembers each user's choice apart", () => {
    expect(getRecordingSource('ann')).toBe('microphone');
    setRecordingSource('ann', 'microphone-and-call');
    setRecordingSource('bob', 'call');
    expect(getRecordingSource('ann')).toBe('microphone-and-call');
    expect(getRecordingSource('bob')).toBe('call');
    expect(stored.get(sourceKey('ann'))).toBe('microphone-and-call');
  });

  it('falls back to the microphone without a user or with a damaged value', () => {
    setRecordingSource(null, 'call');
    expect(getRecordingSource(null)).toBe('microphone');
    stored.set(sourceKey('ann'), 'speakers');
    expect(getRecordingSource('ann')).toBe('microphone');
  });

  it('records a call as two channels, me and them', () => {
    expect(channelsOf('microphone')).toBeNull();
    expect(channelsOf('microphone-and-call')).toEqual(['me', 'them']);
    expect(channelsOf('call')).toEqual(['me', 'them']);
  });
});
