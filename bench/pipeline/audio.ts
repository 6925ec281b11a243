/**
 * The benchmark's recordings, built with ffmpeg from the real clips of the repository's test data:
 * every clip resampled to 16 kHz mono 16-bit and concatenated once (about 77 s), that base
 * repeated until 60 minutes (47 repetitions, cut at 3,600 s), then encoded in the forms the
 * benchmark uploads. Written to a temporary folder the caller removes; never committed.
 */
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { AUDIO_DIR } from '../../testdata/index.ts';

/** Folder of the real recordings (testdata/SOURCES.md). */
export { AUDIO_DIR };

/** The real clips, in concatenation order. */
export const CLIPS: readonly string[] = [
  'jfk/jfk.wav',
  'pyannote_sample/sample.wav',
  'ami_es2011a_clip/ES2011a.Headset-0-40s-46s.wav',
  'librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0870.wav',
  'librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0880.wav',
  'librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0890.wav',
  'librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0920.wav',
  'librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0930.wav',
].map((clip) => path.join(AUDIO_DIR, clip));

/** Length of the long recording: 60 minutes. */
export const LONG_S = 3600;

/** Size of the memory-test WAV: 95 MiB, under the 100 MiB (104,857,600 bytes) upload limit. */
export const WAV_95_BYTES = 95 * 1024 * 1024;

/** One built recording. */
export interface Recording {
  /** Short name for the tables. */
  label: string;
  path: string;
  /** Declared MIME type of the upload. */
  mimeType: string;
  /** File name sent in the multipart part. */
  fileName: string;
  bytes: number;
  durationS: number;
}

/** The recordings the benchmark uses. */
export interface Recordings {
  /** Duration of one pass over all clips, seconds. */
  baseS: number;
  /** How many passes the 60-minute recording holds (the last one cut). */
  repetitions: number;
  /** 60 minutes as 16 kHz mono 16-bit WAV (~115 MB, over the upload limit: not uploaded). */
  wav60: Recording;
  /** 60 minutes as MP3 64 kbit/s (~29 MB): the pipeline timing's upload. */
  mp360: Recording;
  /** The 60-minute WAV cut to 95 MiB (51.9 minutes): the memory measurement's upload. */
  wav95: Recording;
}

const run = promisify(execFile);

/** Runs ffmpeg quietly; rejects with its stderr on failure. */
async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    maxBuffer: 4 * 1024 * 1024,
  });
}

/** Duration of a media file in seconds, by ffprobe. */
export async function probeDuration(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  const seconds = Number(stdout.trim());
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`ffprobe: no duration of ${file}`);
  return seconds;
}

async function recording(label: string, file: string, mimeType: string): Promise<Recording> {
  return {
    label,
    path: file,
    mimeType,
    fileName: path.basename(file),
    bytes: statSync(file).size,
    durationS: await probeDuration(file),
  };
}

/**
 * Builds the recordings in `dir` and flushes them to disk (about 10 s, most of it the MP3
 * encoding).
 * @throws Error when a clip is missing or ffmpeg fails
 */
export async function buildRecordings(dir: string): Promise<Recordings> {
  for (const clip of CLIPS) if (!existsSync(clip)) throw new Error(`Test clip not found: ${clip}`);

  // One pass over every clip, each resampled to 16 kHz mono s16 before the concat filter.
  const base = path.join(dir, 'base.wav');
  const chains = CLIPS.map(
    (_, i) => `[${i}:a]aresample=16000,aformat=sample_fmts=s16:channel_layouts=mono[a${i}]`,
  );
  const inputs = CLIPS.map((_, i) => `[a${i}]`).join('');
  await ffmpeg([
    ...CLIPS.flatMap((clip) => ['-i', clip]),
    '-filter_complex',
    `${chains.join(';')};${inputs}concat=n=${CLIPS.length}:v=0:a=1[out]`,
    '-map',
    '[out]',
    '-c:a',
    'pcm_s16le',
    base,
  ]);
  const baseS = await probeDuration(base);

  // The base repeated until 60 minutes, cut at exactly 3,600 s.
  const wav60Path = path.join(dir, 'meeting-60min.wav');
  await ffmpeg([
    '-stream_loop',
    '-1',
    '-i',
    base,
    '-t',
    String(LONG_S),
    '-c:a',
    'pcm_s16le',
    wav60Path,
  ]);
  const mp3Path = path.join(dir, 'meeting-60min.mp3');
  await ffmpeg(['-i', wav60Path, '-c:a', 'libmp3lame', '-b:a', '64k', mp3Path]);
  // 44-byte header plus 2 bytes per sample at 16 kHz: the sample count that makes 95 MiB.
  const samples95 = Math.floor((WAV_95_BYTES - 44) / 2);
  const wav95Path = path.join(dir, 'meeting-95MiB.wav');
  await ffmpeg([
    '-i',
    wav60Path,
    '-af',
    `atrim=end_sample=${samples95}`,
    '-c:a',
    'pcm_s16le',
    wav95Path,
  ]);

  // Flush the new files now, so the kernel's write-back of ~250 MB does not run during the
  // timed series.
  for (const file of [base, wav60Path, mp3Path, wav95Path]) {
    const handle = await open(file, 'r');
    await handle.sync();
    await handle.close();
  }

  return {
    baseS,
    repetitions: Math.ceil(LONG_S / baseS),
    wav60: await recording('60 min WAV', wav60Path, 'audio/wav'),
    mp360: await recording('60 min MP3 64k', mp3Path, 'audio/mpeg'),
    wav95: await recording('95 MiB WAV', wav95Path, 'audio/wav'),
  };
}
