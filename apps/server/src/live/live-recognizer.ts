/**
 * Speech to text for the live draft transcript: one stretch of speech at a time, always on this
 * machine (a cloud provider selected for speech to text only does the final pass after Stop).
 * PocketSphinx runs one process per stretch on a WAV file in the server's scratch folder under
 * DATA_DIR (never the shared /tmp: it is a user's audio).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeWav16k } from '../audio/ffmpeg.ts';
import { recognizeWav, type PocketsphinxOptions } from '../providers/stt/offline/pocketsphinx.ts';
import { scratchDir } from '../storage/scratch.ts';

/** Turns one stretch of 16 kHz mono speech into text. */
export interface LiveRecognizer {
  /**
   * The words heard in `pcm` (16 kHz mono, [-1, 1]), joined by spaces; '' when none.
   * @throws Error when the engine fails (the caller drops that stretch and goes on)
   */
  recognize(pcm: Float32Array, signal?: AbortSignal): Promise<string>;
  /** Frees what the recognizer holds (a child process, files). */
  close(): Promise<void>;
}

/** Options of {@link pocketsphinxRecognizer}. */
export interface PocketsphinxRecognizerOptions extends Pick<
  PocketsphinxOptions,
  'command' | 'extraArgs'
> {
  /** DATA_DIR: the WAV files go to this process's scratch folder under it. */
  dataDir: string;
}

/**
 * The PocketSphinx recognizer: each stretch written as a 16 kHz WAV in
 * `{dataDir}/tmp/{instance}/live-{uuid}`, recognised with `pocketsphinx_continuous`, removed.
 */
export function pocketsphinxRecognizer(options: PocketsphinxRecognizerOptions): LiveRecognizer {
  const folder = path.join(scratchDir(options.dataDir), `live-${randomUUID()}`);
  return {
    async recognize(pcm, signal) {
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const wav = path.join(folder, `${randomUUID()}.wav`);
      try {
        await writeWav16k(pcm, wav);
        const words = await recognizeWav(wav, { ...options, signal });
        return words.map((w) => w.word).join(' ');
      } finally {
        await fs.rm(wav, { force: true });
      }
    },
    async close() {
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}
