/** The content check of uploads: declared type and magic bytes must agree. */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { AudioGuard } from './audio-guard.ts';
import {
  ACCEPTED_UPLOAD_TYPES,
  assertAcceptedType,
  assertAudioContent,
  FileTooLargeError,
  InvalidFileTypeError,
  sniffFamily,
} from './audio-type.ts';
import { testdataPath } from '../../../../testdata/index.ts';

const wav = readFileSync(testdataPath('audio', 'jfk', 'jfk.wav'));
const flac = readFileSync(testdataPath('audio', 'jfk', 'jfk.flac'));

const ascii = (s: string) => Buffer.from(s, 'latin1');
// MPEG-1 Layer III frame header: sync 0xFFF, 128 kbit/s, 44.1 kHz.
const mpegFrame = Buffer.from([0xff, 0xfb, 0x90, 0x64, ...new Array(412).fill(0)]);
const id3 = Buffer.concat([
  ascii('ID3'),
  Buffer.from([4, 0, 0, 0, 0, 0, 10]),
  Buffer.alloc(10),
  mpegFrame,
]);
const ftyp = (brand: string) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    ascii('ftyp'),
    ascii(brand),
    Buffer.from([0, 0, 2, 0]),
    ascii('isomiso2'),
  ]);
const ebml = (docType: string) => {
  const el = (id: number[], data: Buffer) => Buffer.from([...id, 0x80 | data.length, ...data]);
  const body = Buffer.concat([
    el([0x42, 0x86], Buffer.from([1])),
    el([0x42, 0xf7], Buffer.from([1])),
    el([0x42, 0x82], ascii(docType)),
    el([0x42, 0x87], Buffer.from([4])),
    el([0x42, 0x85], Buffer.from([2])),
  ]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]),
    body,
    Buffer.alloc(64),
  ]);
};
const oggOpus = Buffer.concat([
  ascii('OggS'),
  Buffer.from([0, 2]),
  Buffer.alloc(20),
  Buffer.from([1, 19]),
  ascii('OpusHead'),
  Buffer.alloc(32),
]);
const png = Buffer.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0,
  0,
  0,
  13,
  ...ascii('IHDR'),
  ...new Array(20).fill(0),
]);
const heic = ftyp('heic');

describe('declared type', () => {
  it('accepts exactly the ten documented types, ignoring case and parameters', () => {
    expect(ACCEPTED_UPLOAD_TYPES).toHaveLength(10);
    for (const t of ACCEPTED_UPLOAD_TYPES) expect(assertAcceptedType(t)).toBe(t);
    expect(assertAcceptedType('Audio/WebM; codecs=opus')).toBe('audio/webm');
  });

  it.each([
    'audio/flac',
    'audio/x-wav',
    'text/plain',
    'image/png',
    'application/octet-stream',
    '',
    undefined,
  ])('refuses %s with the documented strings', (t) => {
    expect(() => assertAcceptedType(t)).toThrow(InvalidFileTypeError);
    try {
      assertAcceptedType(t);
    } catch (err) {
      const e = err as InvalidFileTypeError;
      expect(`${e.message}: ${String(e.details)}`).toBe(
        'Invalid file type: Please upload an audio or video file (MP3, WAV, M4A, MP4, WebM, etc.)',
      );
      expect(e.status).toBe(400);
    }
  });
});

describe('magic bytes', () => {
  it.each([
    ['real WAV (jfk.wav)', wav, 'wav'],
    ['MPEG frame sync', mpegFrame, 'mp3'],
    ['ID3 tag then MPEG frame', id3, 'mp3'],
    ['ftyp isom', ftyp('isom'), 'mp4'],
    ['ftyp M4A', ftyp('M4A '), 'mp4'],
    ['EBML webm', ebml('webm'), 'webm'],
    ['EBML matroska', ebml('matroska'), 'webm'],
    ['OggS Opus', oggOpus, 'ogg'],
  ])('recognises %s', async (_name, bytes, family) => {
    expect(await sniffFamily(bytes)).toBe(family);
  });

  it.each([
    ['FLAC (jfk.flac)', flac],
    ['PNG', png],
    ['text', ascii('just some notes, renamed to .wav\n'.repeat(20))],
    ['HEIC image in an ftyp box', heic],
    ['nothing', Buffer.alloc(0)],
  ])('finds no audio family in %s', async (_name, bytes) => {
    expect(await sniffFamily(bytes)).toBeUndefined();
  });

  it.each([
    ['audio/wav', wav],
    ['audio/mpeg', id3],
    ['audio/mp3', mpegFrame],
    ['audio/x-m4a', ftyp('M4A ')],
    ['video/mp4', ftyp('isom')],
    ['audio/mp4', ftyp('mp42')],
    ['audio/webm;codecs=opus', ebml('webm')],
    ['video/webm', ebml('webm')],
    ['audio/ogg', oggOpus],
  ])('accepts %s with matching content', async (type, bytes) => {
    await expect(assertAudioContent(type, bytes)).resolves.toBeDefined();
  });

  it.each([
    ['a PNG declared audio/wav', 'audio/wav', png],
    ['text declared audio/wav', 'audio/wav', ascii('hello')],
    ['WAV declared audio/mpeg', 'audio/mpeg', wav],
    ['MP3 declared audio/mp4', 'audio/mp4', mpegFrame],
    ['WebM declared audio/ogg', 'audio/ogg', ebml('webm')],
    ['FLAC declared audio/ogg', 'audio/ogg', flac],
    ['WAV declared audio/flac', 'audio/flac', wav],
  ])('refuses %s', async (_name, type, bytes) => {
    await expect(assertAudioContent(type, bytes)).rejects.toBeInstanceOf(InvalidFileTypeError);
  });
});

describe('AudioGuard', () => {
  const chunks = (buf: Buffer, size: number) =>
    Readable.from(
      Array.from({ length: Math.ceil(buf.length / size) }, (_, i) =>
        buf.subarray(i * size, (i + 1) * size),
      ),
    );

  it('passes every byte of a valid file through, in order', async () => {
    const guard = new AudioGuard({ mimeType: 'audio/wav' });
    const out: Buffer[] = [];
    await pipeline(chunks(wav, 1000), guard, async (src: AsyncIterable<Buffer>) => {
      for await (const c of src) out.push(c);
    });
    expect(Buffer.concat(out)).toEqual(wav);
    expect(guard.bytes).toBe(wav.length);
    expect(guard.family).toBe('wav');
  });

  it('checks a file shorter than the sniffed head at its end', async () => {
    const guard = new AudioGuard({ mimeType: 'audio/webm' });
    const out = await Readable.from([ebml('webm')])
      .pipe(guard)
      .toArray();
    expect(Buffer.concat(out)).toEqual(ebml('webm'));
  });

  it('fails on content of another type before passing anything on', async () => {
    const guard = new AudioGuard({ mimeType: 'audio/wav' });
    const out: Buffer[] = [];
    await expect(
      pipeline(
        chunks(Buffer.concat([png, Buffer.alloc(200_000)]), 4096),
        guard,
        async (src: AsyncIterable<Buffer>) => {
          for await (const c of src) out.push(c);
        },
      ),
    ).rejects.toBeInstanceOf(InvalidFileTypeError);
    expect(out).toEqual([]);
  });

  it('fails as soon as the limit is passed', async () => {
    const guard = new AudioGuard({ mimeType: 'audio/wav', maxBytes: 100_000 });
    await expect(
      pipeline(chunks(wav, 10_000), guard, async (src: AsyncIterable<Buffer>) => {
        for await (const _ of src) void _;
      }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(guard.bytes).toBe(110_000);
  });
});
