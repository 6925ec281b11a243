/**
 * Is a recording chunk WebM/Opus data? (eleven 9.9 MB chunks of HTML were stored as a recording.)
 * The rule, from real Chromium MediaRecorder chunks (timeslice 1000 ms, recorded from a file-fed
 * fake microphone):
 *
 * - Chunk 0 starts the file: its content must sniff as WebM/Matroska (EBML header `1A 45 DF A3`
 *   with DocType webm or matroska, read by `file-type`).
 * - Later chunks are continuation data, cut wherever the muxer happened to be. In Chromium every
 *   boundary falls right after a SimpleBlock's ID byte (`A3`), so a chunk starts with that block's
 *   size; other recorders may cut at a Cluster (`1F 43 B6 75`). Because a chunk can start
 *   mid-element, its structure cannot be demanded. What is refused is what no recorder emits:
 *   a second file header (EBML), a known file signature of 3 bytes or more (PDF/ZIP/PNG/JPEG/GIF/
 *   ELF/RIFF/Ogg/FLAC/ID3/gzip/MP4 `ftyp`), and text (HTML...): a start (up to 4 KiB) that is
 *   valid UTF-8 without control characters other than tab, CR, LF and FF, or UTF-16 text.
 *   Shorter signatures are not used: cut at a random offset, opus holds any 2 bytes every ~64 KB
 *   (a test cuts real opus at every offset). Compressed audio is neither:
 *   a SimpleBlock's bytes hold control characters and invalid UTF-8 within a few bytes, and a
 *   chunk starting at a Cluster ID (`1F`, a control character) never passes as text.
 *   A chunk starting at a Cluster ID must in addition be a well-formed element header.
 */
import { InvalidFileTypeError, sniffFamily } from '../../uploads/audio-type.ts';

/** Bytes of a chunk's start the check reads: 4 KiB (a whole chunk is ~16 KB at 128 kbit/s). */
export const CHUNK_SNIFF_BYTES = 4096;

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const CLUSTER_ID = [0x1f, 0x43, 0xb6, 0x75];

/** Signatures of whole files (at offset 0 unless `at`): none starts WebM continuation data. */
const FOREIGN_SIGNATURES: { bytes: number[]; at?: number }[] = [
  { bytes: EBML_MAGIC }, // a second WebM file
  { bytes: [0x25, 0x50, 0x44, 0x46] }, // %PDF
  { bytes: [0x50, 0x4b, 0x03, 0x04] }, // ZIP, docx, jar
  { bytes: [0x89, 0x50, 0x4e, 0x47] }, // PNG
  { bytes: [0xff, 0xd8, 0xff, 0xe0] }, // JPEG (JFIF)
  { bytes: [0xff, 0xd8, 0xff, 0xe1] }, // JPEG (Exif)
  { bytes: [0xff, 0xd8, 0xff, 0xdb] }, // JPEG (raw)
  { bytes: [0x47, 0x49, 0x46, 0x38] }, // GIF8
  { bytes: [0x7f, 0x45, 0x4c, 0x46] }, // ELF
  { bytes: [0x52, 0x49, 0x46, 0x46] }, // RIFF (WAV, AVI, WebP)
  { bytes: [0x4f, 0x67, 0x67, 0x53] }, // OggS
  { bytes: [0x66, 0x4c, 0x61, 0x43] }, // fLaC
  { bytes: [0x49, 0x44, 0x33, 0x03] }, // ID3v2.3 (MP3)
  { bytes: [0x49, 0x44, 0x33, 0x04] }, // ID3v2.4 (MP3)
  { bytes: [0x66, 0x74, 0x79, 0x70], at: 4 }, // ISO BMFF ftyp (MP4, M4A, MOV)
  { bytes: [0x1f, 0x8b, 0x08] }, // gzip
];

/** UTF-8 byte-order mark: skipped before the text check. */
const UTF8_BOM = [0xef, 0xbb, 0xbf];

function startsWith(head: Uint8Array, bytes: number[], at = 0): boolean {
  return head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
}

/**
 * Whether `head` reads as text: valid UTF-8 (a multi-byte character cut at the end is allowed,
 * a byte-order mark skipped) without control characters other than tab, LF, FF and CR; or
 * UTF-16/32 text, whose ASCII leaves NUL in nine bytes of ten at even or odd offsets (opus never).
 * Two-byte marks alone (UTF-16 `FF FE`) are not signatures: they occur in opus every ~32 KB.
 */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  if (head.length >= 64) {
    const zeros = [0, 0];
    for (let i = 0; i < head.length; i++) if (head[i] === 0) zeros[i % 2]! += 1;
    if (Math.max(zeros[0]!, zeros[1]!) >= 0.9 * Math.floor(head.length / 2)) return true;
  }
  if (startsWith(head, UTF8_BOM)) head = head.subarray(UTF8_BOM.length);
  if (head.length === 0) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return false;
  }
  for (const b of head) {
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f) {
      return false;
    }
  }
  return true;
}

/** Length of the EBML variable-length integer starting with byte `b` (1..8), 0 when invalid. */
function vintLength(b: number): number {
  for (let n = 1; n <= 8; n++) if (b & (0x80 >> (n - 1))) return n;
  return 0;
}

/**
 * A chunk starting at a Cluster ID: the Cluster's size must be a valid EBML length and, when the
 * chunk holds it, its first child must be a valid element ID (Timecode `E7`, a SimpleBlock...).
 */
function wellFormedCluster(head: Uint8Array): boolean {
  if (head.length <= 4) return true;
  const sizeLength = vintLength(head[4]!);
  if (sizeLength === 0) return false;
  const child = 4 + sizeLength;
  if (head.length <= child) return true;
  const idLength = vintLength(head[child]!);
  return idLength >= 1 && idLength <= 4;
}

/**
 * Checks the start of chunk `index` of a recording by the rule above.
 * @param head the chunk's first bytes: `CHUNK_SNIFF_BYTES`, or the whole chunk when shorter
 * @throws InvalidFileTypeError 400 'Invalid file type' when refused
 */
export async function assertRecordingChunk(index: number, head: Uint8Array): Promise<void> {
  if (index === 0) {
    if ((await sniffFamily(head)) !== 'webm') throw new InvalidFileTypeError();
    return;
  }
  if (FOREIGN_SIGNATURES.some((s) => startsWith(head, s.bytes, s.at))) {
    throw new InvalidFileTypeError();
  }
  if (looksLikeText(head)) throw new InvalidFileTypeError();
  if (startsWith(head, CLUSTER_ID) && !wellFormedCluster(head)) throw new InvalidFileTypeError();
}
