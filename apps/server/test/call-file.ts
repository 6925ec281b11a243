/**
 * A two-channel call recording built by ffmpeg from the repository's recordings: jfk.wav on the
 * left (the account holder), a LibriVox clip on the right (the call). No test runner imported, so
 * the browser specs build their calls with it too.
 */
import path from 'node:path';
import { AUDIO_DIR, ffmpeg, JFK_WAV } from './audio-files.ts';

/** The call's side: a LibriVox clip of 7.1 s ('and mister john dashwood had then leisure...'). */
export const CALL_WAV = path.join(
  AUDIO_DIR,
  'librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0870.wav',
);
/** Another LibriVox clip of 5.3 s ('unless to be rather cold hearted and rather selfish...'). */
export const CALL_WAV_SELFISH = path.join(
  AUDIO_DIR,
  'librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0890.wav',
);
/** Where the call's clip starts in the recording (s); jfk.wav, the holder's side, ends at 11 s. */
export const CALL_START_S = 12;

/**
 * Writes the call as a two-channel WebM/Opus file: jfk.wav left, the LibriVox clip right from
 * {@link CALL_START_S} (`callWav`, default {@link CALL_WAV}). With `leakDb`, the right also
 * enters the left at that level 50 ms later,
 * as a microphone hears a call played on speakers.
 */
export async function buildCall(
  dir: string,
  name: string,
  leakDb?: number,
  callWav = CALL_WAV,
): Promise<string> {
  const out = path.join(dir, name);
  const mono = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=mono';
  const right = `[1:a]${mono},adelay=${CALL_START_S * 1000},apad=whole_dur=20`;
  const graph =
    leakDb === undefined
      ? `${right}[r];[0:a]${mono},apad=whole_dur=20[l]`
      : `${right},asplit=2[r][rl];[rl]adelay=50,volume=${leakDb}dB[leak];` +
        `[0:a]${mono},apad=whole_dur=20[l0];[l0][leak]amix=inputs=2:normalize=0:duration=first[l]`;
  await ffmpeg([
    ...['-i', JFK_WAV, '-i', callWav, '-filter_complex', `${graph};[l][r]amerge=inputs=2[a]`],
    ...['-map', '[a]', '-t', '20', '-c:a', 'libopus', '-b:a', '48k', '-f', 'webm', out],
  ]);
  return out;
}
