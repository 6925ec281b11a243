/**
 * ffmpeg and ffprobe helpers (Debian's `ffmpeg` package): probing an audio file, decoding any input
 * to mono Float32 PCM, and writing 16 kHz 16-bit mono WAV, the input PocketSphinx needs. Every
 * spawn honours an `AbortSignal` (see ./process.ts).
 */
import { open, stat, writeFile } from 'node:fs/promises';
import { ProcessError, runProcess } from './process.ts';

/** The sample rate speech recognition and diarization work at (Hz). */
export const SPEECH_SAMPLE_RATE = 16_000;

/** What {@link probeAudio} found out about a file. */
export interface AudioInfo {
  /** Playing time of the first audio stream (s). */
  durationS: number;
  /** ffmpeg's codec name, e.g. 'pcm_s16le', 'flac', 'opus'. */
  codec: string;
  /** Sample rate of the stream (Hz). */
  sampleRate: number;
  /** Number of channels. */
  channels: number;
  /** ffmpeg's container name(s), e.g. 'wav' or 'matroska,webm'. */
  container: string;
  /**
   * True when the file ends before its header says (only returned with `allowTruncated`; without
   * it a truncated file is an error).
   */
  truncated: boolean;
}

/** Why a file could not be probed. */
export type AudioProbeErrorCode = 'not_media' | 'no_audio' | 'truncated' | 'failed';

/** A file that is not usable audio, with a message fit for a log or an error's `details`. */
export class AudioProbeError extends Error {
  constructor(
    readonly code: AudioProbeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AudioProbeError';
  }
}

/** Options of {@link probeAudio}. */
export interface ProbeOptions {
  signal?: AbortSignal;
  /**
   * Answer `truncated: true` instead of failing for a file that ends early, e.g. a recording cut
   * by a crash, whose readable part is still worth transcribing.
   */
  allowTruncated?: boolean;
}

/** Missing audio tolerated between the declared length and the last packet (s). */
const TRUNCATION_TOLERANCE_S = 0.5;

/**
 * Probes the first audio stream of `path` with ffprobe. The packets are scanned too (demuxing
 * only, no decoding), because a truncated FLAC or MP4 still declares its full length, and a
 * browser's WebM declares none; for WAV the RIFF `data` size is compared with the file size.
 * @throws AudioProbeError 'not_media' (ffprobe cannot read it, e.g. a text file), 'no_audio' (no
 *   audio stream, or no audio packets), 'truncated' (ends before its declared length, or ffprobe
 *   reports corrupt packets), 'failed' (ffprobe missing or other failure)
 * @throws DOMException 'AbortError' when `options.signal` aborts
 */
export async function probeAudio(path: string, options: ProbeOptions = {}): Promise<AudioInfo> {
  const {
    stream: s,
    format,
    packets,
    lastPacketEnd,
    stderrTail,
  } = await runFfprobe(path, options.signal);

  if (!s || !s.codec_name) throw new AudioProbeError('no_audio', 'The file holds no audio stream');
  if (packets === 0) throw new AudioProbeError('no_audio', 'The audio stream holds no data');
  const declared = Number(s.duration ?? format.duration);
  const durationS = Number.isFinite(declared) && declared > 0 ? declared : lastPacketEnd;
  const container = format.format_name ?? '';

  const problems = await truncationProblems(path, stderrTail, durationS, lastPacketEnd, container);
  const truncated = problems.length > 0;
  if (truncated && !options.allowTruncated) {
    throw new AudioProbeError(
      'truncated',
      `The audio file is truncated or corrupt: ${problems.join('; ')}`,
    );
  }
  return {
    durationS: truncated ? Math.min(durationS, lastPacketEnd) : durationS,
    codec: s.codec_name,
    sampleRate: Number(s.sample_rate) || 0,
    channels: Number(s.channels) || 0,
    container,
    truncated,
  };
}

/** What ffprobe tells of a file's first audio stream, its container and its packets. */
interface FfprobeScan {
  /** The first audio stream's fields (codec_name, sample_rate, channels, duration), or null. */
  stream: Record<string, string> | null;
  /** The container's fields (format_name, duration). */
  format: Record<string, string>;
  /** How many audio packets it holds. */
  packets: number;
  /** Where the last packet ends, in seconds. */
  lastPacketEnd: number;
  /** The end of ffprobe's warnings. */
  stderrTail: string;
}

/**
 * Runs ffprobe over the audio packets of `path`, reading its compact output as it streams.
 * @throws AudioProbeError 'not_media' when ffprobe cannot read it, 'failed' when ffprobe fails
 */
async function runFfprobe(path: string, signal: AbortSignal | undefined): Promise<FfprobeScan> {
  let lastPacketEnd = 0;
  let packets = 0;
  let stream: Record<string, string> | null = null;
  let format: Record<string, string> = {};
  let pending = '';
  const takeLine = (line: string) => {
    // Compact output: 'section|key=value|key=value'.
    const [section, ...pairs] = line.split('|');
    const fields: Record<string, string> = {};
    for (const pair of pairs) {
      const eq = pair.indexOf('=');
      if (eq > 0) fields[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
    if (section === 'packet') {
      packets += 1;
      const end = Number(fields.pts_time) + (Number(fields.duration_time) || 0);
      if (Number.isFinite(end) && end > lastPacketEnd) lastPacketEnd = end;
    } else if (section === 'stream' && !stream) stream = fields;
    else if (section === 'format') format = fields;
  };
  let stderrTail: string;
  try {
    ({ stderrTail } = await runProcess(
      'ffprobe',
      [
        '-v',
        'warning',
        '-select_streams',
        'a:0',
        '-show_entries',
        'packet=pts_time,duration_time:stream=codec_name,sample_rate,channels,duration:format=format_name,duration',
        '-of',
        'compact',
        path,
      ],
      {
        signal,
        onStdout: (chunk) => {
          const lines = (pending + chunk.toString('utf8')).split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) takeLine(line);
        },
      },
    ));
  } catch (err) {
    if (err instanceof ProcessError && err.exitCode !== null) {
      const reason =
        err.stderrTail
          .split('\n')
          .at(-1)
          ?.replace(/^[^:]*:\s*/, '') || 'unknown';
      throw new AudioProbeError('not_media', `Not a readable audio or video file (${reason})`);
    }
    if (err instanceof ProcessError) throw new AudioProbeError('failed', err.message);
    throw err;
  }
  if (pending) takeLine(pending);
  return {
    stream: stream as Record<string, string> | null,
    format,
    packets,
    lastPacketEnd,
    stderrTail,
  };
}

/** Signs of a truncated file: corrupt packets, data ending early, a short WAV data chunk. */
async function truncationProblems(
  path: string,
  stderrTail: string,
  durationS: number,
  lastPacketEnd: number,
  container: string,
): Promise<string[]> {
  const problems: string[] = [];
  const corrupt = stderrTail
    .split('\n')
    .find((line) => /packet corrupt|truncat|invalid data|partial file|end of file/i.test(line));
  if (corrupt) problems.push(corrupt.replace(/^\[[^\]]*\]\s*/, '').replace(/\.$/, ''));
  if (durationS - lastPacketEnd > Math.max(TRUNCATION_TOLERANCE_S, 0.02 * durationS)) {
    problems.push(
      `it declares ${durationS.toFixed(2)} s but its data ends at ${lastPacketEnd.toFixed(2)} s`,
    );
  }
  if (container.split(',').includes('wav')) {
    const missing = await wavMissingBytes(path);
    if (missing > 0) problems.push(`its WAV data chunk is ${missing} bytes short`);
  }
  return problems;
}

/**
 * How many bytes of a WAV file's `data` chunk are missing from the file (0 when complete). Sizes
 * 0 and 0xFFFFFFFF mean "unknown" (a WAV written to a pipe) and count as complete.
 */
async function wavMissingBytes(path: string): Promise<number> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, 64 * 1024));
    await handle.read(head, 0, head.length, 0);
    let offset = 12; // after 'RIFF', size, 'WAVE'
    while (offset + 8 <= head.length) {
      const id = head.toString('latin1', offset, offset + 4);
      const chunkSize = head.readUInt32LE(offset + 4);
      if (id === 'data') {
        if (chunkSize === 0 || chunkSize === 0xffffffff) return 0;
        return Math.max(0, offset + 8 + chunkSize - size);
      }
      offset += 8 + chunkSize + (chunkSize % 2);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

/** Options of {@link decodeToPcm}. */
export interface DecodeOptions {
  /** Output sample rate (Hz); default 16,000. */
  sampleRate?: number;
  signal?: AbortSignal;
  /**
   * Expected duration (s), e.g. from {@link probeAudio}: the output buffer is allocated once at
   * this size, so a long recording does not need twice its size in memory while decoding.
   */
  expectedDurationS?: number;
}

/**
 * Decodes the first audio stream of any file ffmpeg reads to mono Float32 PCM in [-1, 1]
 * (channels averaged, resampled to `sampleRate`), streaming ffmpeg's stdout (`-f f32le`).
 * Memory: 4 bytes per sample, 64 KB/s at 16 kHz (230 MB for one hour).
 * @returns samples at `options.sampleRate` Hz
 * @throws ProcessError with ffmpeg's stderr tail when ffmpeg fails (unreadable or no audio)
 * @throws DOMException 'AbortError' when `options.signal` aborts
 */
export async function decodeToPcm(
  path: string,
  options: DecodeOptions = {},
): Promise<Float32Array> {
  const sampleRate = options.sampleRate ?? SPEECH_SAMPLE_RATE;
  let buffer = new Float32Array(Math.ceil(((options.expectedDurationS ?? 60) + 1) * sampleRate));
  let length = 0;
  let carry = Buffer.alloc(0);
  await runProcess(
    'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      '-i',
      path,
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-ar',
      String(sampleRate),
      '-f',
      'f32le',
      '-acodec',
      'pcm_f32le',
      'pipe:1',
    ],
    {
      signal: options.signal,
      onStdout: (chunk) => {
        // Chunks need not end on a sample boundary: keep the odd bytes for the next one.
        const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
        const n = Math.floor(bytes.length / 4);
        carry = Buffer.from(bytes.subarray(n * 4));
        if (length + n > buffer.length) {
          const grown = new Float32Array(Math.max(length + n, Math.ceil(buffer.length * 1.5)));
          grown.set(buffer.subarray(0, length));
          buffer = grown;
        }
        for (let i = 0; i < n; i++) buffer[length + i] = bytes.readFloatLE(i * 4);
        length += n;
      },
    },
  );
  return buffer.subarray(0, length);
}

/**
 * Encodes mono PCM in [-1, 1] as a 16-bit little-endian mono WAV file (44-byte header); samples
 * outside [-1, 1] are clipped.
 * @param sampleRate of `pcm` (Hz); default 16,000, which is what PocketSphinx's model expects
 */
export async function writeWav16k(
  pcm: Float32Array,
  path: string,
  sampleRate = SPEECH_SAMPLE_RATE,
): Promise<void> {
  await writeFile(path, encodeWav16(pcm, sampleRate));
}

/** The bytes of a 16-bit mono WAV file holding `pcm` (see {@link writeWav16k}). */
export function encodeWav16(pcm: Float32Array, sampleRate = SPEECH_SAMPLE_RATE): Buffer {
  const dataBytes = pcm.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28); // byte rate
  out.writeUInt16LE(2, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < pcm.length; i++) {
    const v = Math.max(-1, Math.min(1, pcm[i]!));
    out.writeInt16LE(Math.round(v < 0 ? v * 0x8000 : v * 0x7fff), 44 + i * 2);
  }
  return out;
}

/**
 * Concatenates audio files into one 16 kHz mono 16-bit WAV with ffmpeg's concat filter (inputs
 * may differ in format and rate). Used to build long test recordings from short real clips.
 * @param options.maxDurationS cut the result at this length (s)
 * @throws ProcessError with ffmpeg's stderr tail on failure
 */
export async function concatToWav16k(
  inputs: string[],
  outPath: string,
  options: { maxDurationS?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const args = ['-nostdin', '-v', 'error', '-y'];
  for (const input of inputs) args.push('-i', input);
  const chains = inputs
    .map((_, i) => `[${i}:a:0]aresample=${SPEECH_SAMPLE_RATE},aformat=channel_layouts=mono[a${i}]`)
    .join(';');
  const labels = inputs.map((_, i) => `[a${i}]`).join('');
  args.push(
    '-filter_complex',
    `${chains};${labels}concat=n=${inputs.length}:v=0:a=1[out]`,
    '-map',
    '[out]',
    ...(options.maxDurationS ? ['-t', String(options.maxDurationS)] : []),
    '-c:a',
    'pcm_s16le',
    outPath,
  );
  await runProcess('ffmpeg', args, { signal: options.signal });
  await stat(outPath);
}
