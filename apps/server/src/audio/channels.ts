/**
 * ffmpeg helpers for two-channel call recordings (the microphone on channel 0, the call on
 * channel 1): how many channels a file has, each channel as its own mono file for the speech
 * engines, and a mono mix of both for playback.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPEECH_SAMPLE_RATE } from './ffmpeg.ts';
import { runProcess } from './process.ts';

/**
 * Writes channel `channel` (0-based) of the first audio stream of `path` as a 16 kHz 16-bit mono
 * WAV file at `outPath` (ffmpeg's `pan` filter picks the channel; no mixing), the input every
 * speech engine reads. Used to transcribe a two-channel call recording channel by channel.
 * @throws ProcessError with ffmpeg's stderr tail when ffmpeg fails (unreadable, no such channel)
 * @throws DOMException 'AbortError' when `options.signal` aborts
 */
export async function extractChannelToWav16k(
  path: string,
  channel: number,
  outPath: string,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  await toWav16k(path, ['-af', `pan=mono|c0=c${channel}`], outPath, options.signal);
}

/**
 * Writes the first audio stream of `path` with its channels averaged into one, as mono Opus in
 * WebM at 32 kbit/s (the recorder's own format, about 14 MB an hour) at `outPath`: what plays back
 * for a two-channel call recording, where one ear alone would hold only one side of the call.
 * @throws ProcessError with ffmpeg's stderr tail when ffmpeg fails
 * @throws DOMException 'AbortError' when `options.signal` aborts
 */
export async function mixToMonoWebm(
  path: string,
  outPath: string,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  await runProcess(
    'ffmpeg',
    [
      ...['-nostdin', '-v', 'error', '-y', '-i', path, '-map', '0:a:0', '-ac', '1'],
      ...['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', outPath],
    ],
    { signal: options.signal },
  );
}

/** Runs ffmpeg from the first audio stream of `path` through `channelArgs` to a 16 kHz WAV. */
async function toWav16k(
  path: string,
  channelArgs: string[],
  outPath: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  await runProcess(
    'ffmpeg',
    [
      ...['-nostdin', '-v', 'error', '-y', '-i', path, '-map', '0:a:0', ...channelArgs],
      ...['-ar', String(SPEECH_SAMPLE_RATE), '-c:a', 'pcm_s16le', outPath],
    ],
    { signal },
  );
}

/**
 * Splits the first two channels of `path` into two temporary 16 kHz mono WAV files and runs
 * `use` with their paths ([channel 0, channel 1]); the files and their folder are removed after,
 * also when `use` or ffmpeg fails.
 * @param options.tmpDir where the files go (created when missing); default `os.tmpdir()`
 * @throws what `use` throws; ProcessError when ffmpeg fails; 'AbortError' on abort
 */
export async function withChannelWavs<T>(
  path: string,
  use: (channels: [string, string]) => Promise<T>,
  options: { signal?: AbortSignal; tmpDir?: string } = {},
): Promise<T> {
  const dir = await tempFolder('summy-channels-', options.tmpDir);
  try {
    const files: [string, string] = [join(dir, 'channel-0.wav'), join(dir, 'channel-1.wav')];
    await extractChannelToWav16k(path, 0, files[0], { signal: options.signal });
    await extractChannelToWav16k(path, 1, files[1], { signal: options.signal });
    return await use(files);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The number of channels of the first audio stream of `path`, read from its header only (fast,
 * unlike {@link probeAudio}, which scans every packet). 0 when there is no audio stream.
 * @throws ProcessError when ffprobe cannot read the file; 'AbortError' on abort
 */
export async function probeChannelCount(
  path: string,
  options: { signal?: AbortSignal } = {},
): Promise<number> {
  const { stdout } = await runProcess(
    'ffprobe',
    [
      ...['-v', 'error', '-select_streams', 'a:0'],
      ...['-show_entries', 'stream=channels', '-of', 'default=noprint_wrappers=1:nokey=1', path],
    ],
    { signal: options.signal },
  );
  return Number.parseInt(stdout.trim().split('\n')[0] ?? '', 10) || 0;
}

/**
 * A new private folder named `prefix…` in `parent` (created when missing) or in `os.tmpdir()`.
 * The caller removes it.
 */
export async function tempFolder(prefix: string, parent?: string): Promise<string> {
  if (parent) await mkdir(parent, { recursive: true, mode: 0o700 });
  return mkdtemp(join(parent ?? tmpdir(), prefix));
}
