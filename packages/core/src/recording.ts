/**
 * Rules of recording and uploading that the browser and the server share (4 "Start recording" and
 * "Backup offer", 5 "Validation rules", 9).
 */

/** Largest accepted upload: 100 MB = 100 * 1024 * 1024 bytes. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * Largest file sent in one request: 15 MB; larger files go by resumable upload (tus), the
 * documented "Large-file flow".
 */
export const DIRECT_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;

/**
 * Limits of a browser recording sent chunk by chunk (`POST /api/meetings/{id}/audio?index=N`).
 * MediaRecorder emits one chunk per 1000 ms; Chromium's default for audio-only webm/opus is 128
 * kbit/s, about 16.5 KB a chunk (measured, Chromium 13x).
 */
export const RECORDING_LIMITS = {
  /** Largest chunk, in bytes: 2 MiB, about two minutes of 128 kbit/s opus (a chunk is ~16 KB). */
  chunkBytes: 2 * 1024 * 1024,
  /**
   * How far ahead of the highest chunk received a new index may be: 32. The browser numbers
   * chunks without gaps and sends the lowest waiting one first, so a larger jump is not a recorder.
   */
  indexWindow: 32,
  /** Highest chunk index: 48 hours of 1000 ms chunks (the longest meeting, MAX_DURATION_MS). */
  maxIndex: 48 * 60 * 60,
  /** Every recording may hold this much, in bytes: the upload limit, 100 MiB. */
  baseBytes: 100 * 1024 * 1024,
  /**
   * Beyond `baseBytes`, a recording may hold this many bytes per chunk index (per second of
   * recording): 32 KiB = 256 kbit/s, twice Chromium's default, i.e. 112.5 MiB an hour.
   */
  bytesPerChunk: 32 * 1024,
} as const;

/**
 * The most bytes a recording may hold once its highest chunk index is `highestIndex`:
 * `max(100 MiB, (highestIndex + 1) * 32 KiB)`; 100 MiB covers 1.8 h at 128 kbit/s, 7.3 h at
 * 32 kbit/s, and the per-index allowance lets a 48 h recording at 256 kbit/s through.
 */
export function recordingByteLimit(highestIndex: number): number {
  return Math.max(
    RECORDING_LIMITS.baseBytes,
    (Math.max(0, highestIndex) + 1) * RECORDING_LIMITS.bytesPerChunk,
  );
}

/** The declared MIME types an upload may have, exactly as docs/product.md#recording-and-uploads
 * lists them.
 */
export const ACCEPTED_UPLOAD_TYPES = [
  'audio/mpeg',
  'audio/wav',
  'audio/mp3',
  'audio/mp4',
  'audio/m4a',
  'audio/x-m4a',
  'audio/webm',
  'audio/ogg',
  'video/mp4',
  'video/webm',
] as const;
export type AcceptedUploadType = (typeof ACCEPTED_UPLOAD_TYPES)[number];

/** The toasts of a refused file, in the documented words. */
export const UPLOAD_REFUSALS = {
  invalidType: {
    title: 'Invalid file type',
    description: 'Please upload an audio or video file (MP3, WAV, M4A, MP4, WebM, etc.)',
  },
  tooLarge: {
    title: 'File too large',
    description: 'Please upload a file smaller than 100MB',
  },
} as const;

// Browsers name WAV 'audio/x-wav' or 'audio/wave' depending on the platform; they are WAV.
const TYPE_ALIASES: Record<string, AcceptedUploadType> = {
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
};

/**
 * The accepted type a declared MIME type stands for (parameters such as `;codecs=opus` ignored),
 * or null when it is not accepted.
 */
export function acceptedUploadType(mime: string): AcceptedUploadType | null {
  const base = mime.split(';')[0]!.trim().toLowerCase();
  if ((ACCEPTED_UPLOAD_TYPES as readonly string[]).includes(base))
    return base as AcceptedUploadType;
  return TYPE_ALIASES[base] ?? null;
}

/**
 * Checks a file before it is sent: type first, then size.
 *
 * @param file the browser File's `type` and `size` (bytes)
 * @returns null when acceptable, else the toast to show
 */
export function validateUploadFile(file: {
  type: string;
  size: number;
}): { title: string; description: string } | null {
  if (!acceptedUploadType(file.type)) return UPLOAD_REFUSALS.invalidType;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_REFUSALS.tooLarge;
  return null;
}

/**
 * File extension of audio sent to the server, by type: webm, m4a for mp4, mp3 for mpeg, wav,
 * otherwise m4a.
 */
export function audioExtensionFor(mime: string): 'webm' | 'm4a' | 'mp3' | 'wav' {
  const type = mime.toLowerCase();
  if (type.includes('webm')) return 'webm';
  if (type.includes('mp4')) return 'm4a';
  if (type.includes('mpeg') || type.includes('mp3')) return 'mp3';
  if (type.includes('wav')) return 'wav';
  return 'm4a';
}

/**
 * Title of a new recording: the day, short month and time, e.g. 'Sat, Nov 21, 2:05 PM', in the
 * browser's locale conventions for English.
 */
export function recordingTitle(at: Date): string {
  return at.toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * Name of a downloaded recording: `meeting-{title}-{timestamp}.webm`. Characters that file systems
 * refuse become '-'; the timestamp is the local time as YYYY-MM-DD-HHmmss.
 */
export function backupFileName(title: string, at: Date): string {
  const safe =
    title
      // eslint-disable-next-line no-control-regex -- control characters are what must go
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'recording';
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}${p(at.getSeconds())}`;
  return `meeting-${safe}-${stamp}.webm`;
}

/** Recording settings, kept in the browser. */
export interface RecordingSettings {
  autoBackupEnabled: boolean;
  /** Size at which a backup is offered, in MB (1 MB = 1024 * 1024 bytes). */
  backupThresholdMB: number;
  backupLongRecordings: boolean;
  /** Duration at which a long recording's backup is offered, in minutes. */
  longRecordingMinutes: number;
}

/** Defaults: auto backup on, threshold 20 MB, back up long recordings on, long = 15 minutes. */
export const DEFAULT_RECORDING_SETTINGS: RecordingSettings = {
  autoBackupEnabled: true,
  backupThresholdMB: 20,
  backupLongRecordings: true,
  longRecordingMinutes: 15,
};

/**
 * Reads stored settings leniently: unknown or invalid fields fall back to the defaults, so a
 * damaged local value never blocks recording.
 */
export function readRecordingSettings(value: unknown): RecordingSettings {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const bool = (x: unknown, d: boolean) => (typeof x === 'boolean' ? x : d);
  const positive = (x: unknown, d: number) =>
    typeof x === 'number' && Number.isFinite(x) && x > 0 ? x : d;
  const d = DEFAULT_RECORDING_SETTINGS;
  return {
    autoBackupEnabled: bool(v.autoBackupEnabled, d.autoBackupEnabled),
    backupThresholdMB: positive(v.backupThresholdMB, d.backupThresholdMB),
    backupLongRecordings: bool(v.backupLongRecordings, d.backupLongRecordings),
    longRecordingMinutes: positive(v.longRecordingMinutes, d.longRecordingMinutes),
  };
}

/**
 * Whether to offer a backup of the recording now: auto backup is on and the size reached the
 * threshold, or long recordings are backed up and the duration reached the long-recording minutes.
 *
 * @param progress `bytes` recorded so far and `elapsedMs` of recording (pauses excluded)
 */
export function shouldOfferBackup(
  settings: RecordingSettings,
  progress: { bytes: number; elapsedMs: number },
): boolean {
  if (!settings.autoBackupEnabled) return false;
  if (progress.bytes >= settings.backupThresholdMB * 1024 * 1024) return true;
  return (
    settings.backupLongRecordings && progress.elapsedMs >= settings.longRecordingMinutes * 60_000
  );
}
