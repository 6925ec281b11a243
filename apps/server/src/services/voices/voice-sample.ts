/**
 * The short clip of a voice profile: cut from the meeting audio with ffmpeg (the speaker's longest
 * turn, at most {@link SAMPLE_MAX_S} seconds), AAC in MP4 so every browser plays it, stored beside
 * the recordings under the user's folder.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../../audio/process.ts';
import type { Storage } from '../../storage/types.ts';

/** Longest clip (s). */
export const SAMPLE_MAX_S = 8;

/** Storage key of a profile's clip: `{userId}/voice-{profileId}-{ms}.m4a` (objects are never overwritten). */
export function voiceSampleKey(userId: string, profileId: string): string {
  return `${userId}/voice-${profileId}-${Date.now()}.m4a`;
}

/**
 * Cuts `[startS, startS + min(lengthS, 8)]` of the stored audio `audioKey` and stores it as a new
 * object.
 * @returns the new object's key
 * @throws ObjectNotFoundError when the audio is gone; ProcessError when ffmpeg fails
 */
export async function storeVoiceSample(
  storage: Storage,
  audioKey: string,
  sampleKey: string,
  startS: number,
  lengthS: number,
): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'summy-voice-'));
  try {
    const out = path.join(dir, 'sample.m4a');
    await storage.withLocalFile(audioKey, (input) =>
      runProcess('ffmpeg', [
        '-nostdin',
        '-loglevel',
        'error',
        '-ss',
        startS.toFixed(2),
        '-t',
        Math.min(lengthS, SAMPLE_MAX_S).toFixed(2),
        '-i',
        input,
        '-vn',
        '-ac',
        '1',
        '-c:a',
        'aac',
        '-b:a',
        '64k',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        out,
      ]),
    );
    const { size } = await stat(out);
    await storage.put(sampleKey, createReadStream(out), 'audio/mp4', { size });
    return sampleKey;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
