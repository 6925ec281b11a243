/**
 * What an upload may be: one of ten declared MIME types, no larger than 100 MB, and - checked on
 * the server, by content, not only by the declared type - its first bytes must be the
 * container the declared type names. Content sniffing is the `file-type` package (magic numbers):
 * WAV = `RIFF....WAVE`, MP3 = ID3 tag or MPEG audio frame sync, MP4/M4A = ISO BMFF `ftyp` box, WebM
 * = EBML header `1A 45 DF A3`, Ogg = `OggS` page.
 */
import { fileTypeFromBuffer } from 'file-type';
import type { ACCEPTED_UPLOAD_TYPES } from '@summy/core';
import { AppError } from '../errors/app-errors.ts';

// The limits and types are shared with the browser, which checks them before sending.
export { ACCEPTED_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from '@summy/core';

/** Bytes of the start of a file that the content check reads (enough to skip a typical ID3 tag). */
export const SNIFF_BYTES = 64 * 1024;

/** A container family: what the magic bytes can tell apart. */
export type AudioFamily = 'wav' | 'mp3' | 'mp4' | 'webm' | 'ogg';

const FAMILY_OF_DECLARED: Record<(typeof ACCEPTED_UPLOAD_TYPES)[number], AudioFamily> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/mp4': 'mp4',
  'audio/m4a': 'mp4',
  'audio/x-m4a': 'mp4',
  'video/mp4': 'mp4',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/ogg': 'ogg',
};

// file-type's extensions grouped by container. ISO BMFF brands that are images (heic, avif) or
// camera raw (cr3) are deliberately absent; so are MPEG-2 TS, AAC ADTS and FLAC.
const FAMILY_OF_SNIFFED: Record<string, AudioFamily> = {
  wav: 'wav',
  mp3: 'mp3',
  mp2: 'mp3',
  mp1: 'mp3',
  mp4: 'mp4',
  m4a: 'mp4',
  m4b: 'mp4',
  m4p: 'mp4',
  m4v: 'mp4',
  mov: 'mp4',
  '3gp': 'mp4',
  '3g2': 'mp4',
  f4v: 'mp4',
  f4a: 'mp4',
  f4b: 'mp4',
  webm: 'webm',
  // A Matroska file is EBML too; browsers' recorders write DocType webm, other tools mkv.
  mkv: 'webm',
  ogg: 'ogg',
  opus: 'ogg',
  oga: 'ogg',
  spx: 'ogg',
  ogx: 'ogg',
};

/** 400 'Invalid file type'; the documented sentence is `${error}: ${details}`. */
export class InvalidFileTypeError extends AppError {
  constructor() {
    super(
      400,
      'Invalid file type',
      'Please upload an audio or video file (MP3, WAV, M4A, MP4, WebM, etc.)',
    );
  }
}

/** 413 'File too large'; the documented sentence is `${error}: ${details}`. */
export class FileTooLargeError extends AppError {
  constructor(details = 'Please upload a file smaller than 100MB') {
    super(413, 'File too large', details);
  }
}

/** The MIME type without parameters, lower case: `audio/webm;codecs=opus` gives `audio/webm`. */
export function essenceOf(mimeType: string | null | undefined): string {
  return (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The container family a declared MIME type stands for, or undefined when the type is not one
 * of the ten accepted ones. Parameters (`;codecs=opus`) are ignored.
 */
export function declaredFamily(mimeType: string | null | undefined): AudioFamily | undefined {
  return FAMILY_OF_DECLARED[essenceOf(mimeType) as keyof typeof FAMILY_OF_DECLARED];
}

/**
 * The container family of content by its magic bytes, or undefined when it is none of the
 * accepted ones (text, images, FLAC, unknown...).
 * @param head the first bytes of the file (up to `SNIFF_BYTES`; fewer when the file is shorter)
 */
export async function sniffFamily(head: Uint8Array): Promise<AudioFamily | undefined> {
  if (head.length === 0) return undefined;
  const found = await fileTypeFromBuffer(head);
  return found ? FAMILY_OF_SNIFFED[found.ext] : undefined;
}

/**
 * Checks a declared type alone (before any byte is read).
 * @throws InvalidFileTypeError when the type is not accepted
 * @returns the declared type's essence (e.g. `audio/webm`)
 */
export function assertAcceptedType(mimeType: string | null | undefined): string {
  if (!declaredFamily(mimeType)) throw new InvalidFileTypeError();
  return essenceOf(mimeType);
}

/**
 * Checks that the content's magic bytes are the container the declared type names: a PNG or a
 * text file renamed `.wav`, or MP3 bytes declared as `audio/mp4`, are refused.
 * @throws InvalidFileTypeError when the declared type is not accepted or the content differs
 */
export async function assertAudioContent(
  mimeType: string | null | undefined,
  head: Uint8Array,
): Promise<AudioFamily> {
  const declared = declaredFamily(mimeType);
  const sniffed = await sniffFamily(head);
  if (!declared || sniffed !== declared) throw new InvalidFileTypeError();
  return sniffed;
}
