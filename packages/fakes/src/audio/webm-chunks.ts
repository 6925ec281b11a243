/**
 * MediaRecorder-like chunks of a WebM recording, for tests and benchmarks of the live transcript:
 * a browser's MediaRecorder hands out chunk 0 with the EBML header, the segment's Info and Tracks
 * and the first cluster, and every later chunk as continuation bytes (whole clusters here) that
 * only decode after what came before.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** EBML element ids (with their length marker, as written in the file). */
const SEGMENT_ID = 0x18538067;
const CLUSTER_ID = 0x1f43b675;

/** Reads an EBML variable-length integer at `at`; `keepMarker` for ids. */
function readVint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number } {
  const first = buf[at]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new Error(`Not a WebM file: bad EBML number at byte ${at}`);
  let value = keepMarker ? first : first & (0xff >> length);
  let unknown = value === 0xff >> length && !keepMarker;
  for (let i = 1; i < length; i++) {
    const b = buf[at + i]!;
    value = value * 256 + b;
    if (b !== 0xff) unknown = false;
  }
  return { value: unknown ? -1 : value, length };
}

/** One element's id, where its payload starts, and its size (-1 when unknown). */
function readElement(buf: Buffer, at: number): { id: number; payload: number; size: number } {
  const id = readVint(buf, at, true);
  const size = readVint(buf, at + id.length, false);
  return { id: id.value, payload: at + id.length + size.length, size: size.value };
}

/**
 * Splits a WebM file into chunks of `clustersPerChunk` clusters: chunk 0 also holds everything
 * before the first cluster (EBML header, Segment header, Info, Tracks), the last chunk whatever
 * follows the last cluster (Cues). The chunks concatenated give `webm` back byte for byte.
 * @throws Error when `webm` is not a WebM file with sized clusters (as ffmpeg writes to a file)
 */
export function splitWebmChunks(webm: Buffer, clustersPerChunk = 1): Buffer[] {
  const top = readElement(webm, 0);
  const segmentAt = top.payload + top.size;
  const segment = readElement(webm, segmentAt);
  if (segment.id !== SEGMENT_ID) throw new Error('Not a WebM file: no Segment after the header');
  const clusters: number[] = [];
  for (let at = segment.payload; at < webm.length;) {
    const el = readElement(webm, at);
    if (el.size < 0) throw new Error(`WebM element at byte ${at} has no size`);
    if (el.id === CLUSTER_ID) clusters.push(at);
    at = el.payload + el.size;
  }
  if (clusters.length === 0) throw new Error('WebM file holds no cluster');
  const cuts = [0];
  for (let i = clustersPerChunk; i < clusters.length; i += clustersPerChunk)
    cuts.push(clusters[i]!);
  cuts.push(webm.length);
  return cuts.slice(0, -1).map((from, i) => webm.subarray(from, cuts[i + 1]));
}

/** Options of {@link webmChunksOf}. */
export interface WebmChunkOptions {
  /** Channels of the encoded audio (2 for a call recording); default 1. */
  channels?: 1 | 2;
  /** Audio per chunk (ms): one cluster each, as MediaRecorder's timeslice; default 1000. */
  chunkMs?: number;
}

/**
 * Encodes an audio file to WebM/opus with ffmpeg (48 kHz, one cluster per `chunkMs`) and splits it
 * into MediaRecorder-like chunks ({@link splitWebmChunks}).
 * @param input any audio file ffmpeg reads
 * @param output where the WebM file is written (kept, e.g. to compare with the assembled upload)
 * @throws Error when ffmpeg fails (with its stderr)
 */
export async function webmChunksOf(
  input: string,
  output: string,
  options: WebmChunkOptions = {},
): Promise<Buffer[]> {
  const chunkMs = options.chunkMs ?? 1000;
  await run('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y', '-i', input],
    ...['-ac', String(options.channels ?? 1), '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k'],
    ...['-cluster_time_limit', String(chunkMs), '-cluster_size_limit', '10000000'],
    ...['-f', 'webm', output],
  ]);
  return splitWebmChunks(await readFile(output));
}
