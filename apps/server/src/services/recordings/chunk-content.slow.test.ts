/**
 * The recording chunk content rule on real webm/opus made by ffmpeg from real speech, cut at every
 * byte offset (a chunk may start anywhere), and on what must be refused.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidFileTypeError } from '../../uploads/audio-type.ts';
import { assertRecordingChunk, CHUNK_SNIFF_BYTES, looksLikeText } from './chunk-content.ts';
import { testdataPath } from '../../../../../testdata/index.ts';

const SAMPLE = testdataPath('audio', 'pyannote_sample', 'sample.wav');
let dir: string;
let webm: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'summy-chunk-test-'));
  const out = path.join(dir, 'sample.webm');
  // Chromium's MediaRecorder default: 48 kHz opus at 128 kbit/s, unknown-size live clusters.
  await promisify(execFile)('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', SAMPLE, '-t', '8'],
    ...['-c:a', 'libopus', '-b:a', '128k', '-ar', '48000', '-live', '1', '-f', 'webm', out],
  ]);
  webm = await readFile(out);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const refused = (index: number, bytes: Uint8Array) =>
  expect(assertRecordingChunk(index, bytes)).rejects.toBeInstanceOf(InvalidFileTypeError);

describe('recording chunk content', () => {
  it('takes a first chunk that is WebM and a continuation chunk starting at any byte of real opus', async () => {
    await expect(assertRecordingChunk(0, webm.subarray(0, CHUNK_SNIFF_BYTES))).resolves.toBe(
      undefined,
    );
    expect(webm.length).toBeGreaterThan(100_000);
    // Every offset past the header: mid-element, at a SimpleBlock, at a Cluster.
    const failures: number[] = [];
    for (let at = 1; at < webm.length - 16; at++) {
      const head = webm.subarray(at, at + CHUNK_SNIFF_BYTES);
      await assertRecordingChunk(1 + (at % 50), head).catch(() => failures.push(at));
    }
    expect(failures).toEqual([]);
  });

  it("takes the start of a real Chromium chunk (after a SimpleBlock's ID byte)", async () => {
    // Chromium 13x MediaRecorder, timeslice 1000 ms: chunk 1 began with this SimpleBlock's size
    // (2 bytes), track 1, timecode, keyframe flag, then opus.
    const chromium = Buffer.from('43c68103c080fb033f4930c45437a8ec', 'hex');
    await expect(assertRecordingChunk(1, chromium)).resolves.toBe(undefined);
    // A chunk cut at a Cluster, as other recorders do.
    const cluster = webm.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
    expect(cluster).toBeGreaterThan(0);
    await expect(assertRecordingChunk(7, webm.subarray(cluster))).resolves.toBe(undefined);
  });

  it('refuses HTML, text, other files and a second WebM header', async () => {
    const html = Buffer.from('<!doctype html><html><body>' + 'x'.repeat(9000) + '</body></html>');
    await refused(1, html.subarray(0, CHUNK_SNIFF_BYTES));
    await refused(0, html.subarray(0, CHUNK_SNIFF_BYTES));
    await refused(3, Buffer.from('Grüße, 你好 🎙️\r\n\tplain text'));
    await refused(2, webm.subarray(0, CHUNK_SNIFF_BYTES)); // a whole new file mid-recording
    await refused(2, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')); // PNG
    await refused(2, Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
    await refused(2, Buffer.from('\ufeff<html><body>' + 'y'.repeat(200), 'utf16le')); // UTF-16 text
    await refused(2, Buffer.from('\ufeff<html>', 'utf8')); // UTF-8 with a byte-order mark
    // A Cluster ID followed by nonsense.
    await refused(4, Buffer.from('1f43b67500ffffff', 'hex'));
    expect(looksLikeText(new Uint8Array([0x43, 0xc6, 0x81, 0x03]))).toBe(false);
  });
});
