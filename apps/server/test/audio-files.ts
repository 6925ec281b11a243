/**
 * The repository's real recordings and ffmpeg, for tests and browser specs alike: this module
 * imports no test runner, so the Playwright specs may use it too.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { AUDIO_DIR } from '../../../testdata/index.ts';

/** Folder of the real recordings (testdata/SOURCES.md). */
export { AUDIO_DIR };

/** jfk.wav: 11.0 s, 16 kHz mono, 352078 bytes. */
export const JFK_WAV = path.join(AUDIO_DIR, 'jfk/jfk.wav');

/** Runs ffmpeg quietly with `args`; rejects with its stderr on failure. */
export async function ffmpeg(args: string[]): Promise<void> {
  await promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    maxBuffer: 1024 * 1024,
  });
}
