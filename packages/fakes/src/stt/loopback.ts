/**
 * The speech-to-text fakes' failure modes and audio check; the loopback server itself is shared with
 * the LLM fakes (../loopback-http.ts).
 */
export { readBody, sendJson, startLoopbackServer, type LoopbackServer } from '../loopback-http.ts';

/** Failure modes shared by the fakes. */
export type FakeMode =
  /** Answer from the script. */
  | 'ok'
  /** 401 with the vendor's invalid-key body, whatever key is sent. */
  | 'unauthorized'
  /** 429 with the vendor's rate-limit body. */
  | 'rate_limited'
  /** Read the request, never answer (for time-outs). */
  | 'hang'
  /** 200 with no results. */
  | 'empty'
  /** 200 with a body that is not JSON. */
  | 'malformed'
  /** 500 with the vendor's error body. */
  | 'error';

/** True when `bytes` start like an audio or video container a speech-to-text vendor decodes. */
export function looksLikeAudio(bytes: Buffer): boolean {
  if (bytes.length < 12) return false;
  const ascii = (from: number, to: number) => bytes.subarray(from, to).toString('latin1');
  return (
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') ||
    ascii(0, 4) === 'fLaC' ||
    ascii(0, 4) === 'OggS' ||
    ascii(0, 3) === 'ID3' ||
    ascii(4, 8) === 'ftyp' ||
    bytes.readUInt32BE(0) === 0x1a45dfa3 || // Matroska / WebM
    (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) // MPEG audio frame sync
  );
}
