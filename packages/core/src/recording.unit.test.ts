import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_UPLOAD_TYPES,
  audioExtensionFor,
  backupFileName,
  DEFAULT_RECORDING_SETTINGS,
  MAX_UPLOAD_BYTES,
  readRecordingSettings,
  recordingTitle,
  shouldOfferBackup,
  validateUploadFile,
} from './recording.ts';

const MB = 1024 * 1024;

describe('validateUploadFile', () => {
  it('accepts each listed type up to 100 MB, and WAV under its other browser names', () => {
    for (const type of [...ACCEPTED_UPLOAD_TYPES, 'audio/x-wav', 'audio/webm;codecs=opus']) {
      expect(validateUploadFile({ type, size: MAX_UPLOAD_BYTES })).toBeNull();
    }
  });

  it('refuses other types with the documented words, before looking at the size', () => {
    for (const type of ['text/plain', '', 'image/png', 'audio/flac', 'application/pdf']) {
      expect(validateUploadFile({ type, size: 200 * MB })).toEqual({
        title: 'Invalid file type',
        description: 'Please upload an audio or video file (MP3, WAV, M4A, MP4, WebM, etc.)',
      });
    }
  });

  it('refuses files over 100 MB', () => {
    expect(validateUploadFile({ type: 'audio/wav', size: MAX_UPLOAD_BYTES + 1 })).toEqual({
      title: 'File too large',
      description: 'Please upload a file smaller than 100MB',
    });
  });
});

describe('audioExtensionFor', () => {
  it('names audio by type, m4a otherwise', () => {
    expect(audioExtensionFor('audio/webm;codecs=opus')).toBe('webm');
    expect(audioExtensionFor('audio/mp4')).toBe('m4a');
    expect(audioExtensionFor('audio/mpeg')).toBe('mp3');
    expect(audioExtensionFor('audio/wav')).toBe('wav');
    expect(audioExtensionFor('audio/ogg')).toBe('m4a');
  });
});

describe('recording names', () => {
  const at = new Date(2026, 10, 21, 14, 5, 9);

  it('titles a recording with the day, short month and time', () => {
    expect(recordingTitle(at)).toBe('Sat, Nov 21, 2:05 PM');
  });

  it('names a backup meeting-{title}-{timestamp}.webm with file-system-safe characters', () => {
    expect(backupFileName('Plan: Q3/Q4?', at)).toBe('meeting-Plan- Q3-Q4--2026-11-21-140509.webm');
    expect(backupFileName('   ', at)).toBe('meeting-recording-2026-11-21-140509.webm');
  });
});

describe('backup offer', () => {
  const d = DEFAULT_RECORDING_SETTINGS;

  it('has the documented defaults', () => {
    expect(d).toEqual({
      autoBackupEnabled: true,
      backupThresholdMB: 20,
      backupLongRecordings: true,
      longRecordingMinutes: 15,
    });
  });

  it('offers at 20 MB or 15 minutes, not before', () => {
    expect(shouldOfferBackup(d, { bytes: 20 * MB - 1, elapsedMs: 15 * 60_000 - 1 })).toBe(false);
    expect(shouldOfferBackup(d, { bytes: 20 * MB, elapsedMs: 0 })).toBe(true);
    expect(shouldOfferBackup(d, { bytes: 0, elapsedMs: 15 * 60_000 })).toBe(true);
  });

  it('follows the switches', () => {
    expect(
      shouldOfferBackup({ ...d, backupLongRecordings: false }, { bytes: 0, elapsedMs: 3_600_000 }),
    ).toBe(false);
    expect(
      shouldOfferBackup({ ...d, autoBackupEnabled: false }, { bytes: 50 * MB, elapsedMs: 0 }),
    ).toBe(false);
  });

  it('reads stored settings leniently', () => {
    expect(readRecordingSettings(null)).toEqual(d);
    expect(readRecordingSettings({ backupThresholdMB: -3, longRecordingMinutes: 'x' })).toEqual(d);
    expect(readRecordingSettings({ autoBackupEnabled: false, backupThresholdMB: 5 })).toEqual({
      ...d,
      autoBackupEnabled: false,
      backupThresholdMB: 5,
    });
  });
});
