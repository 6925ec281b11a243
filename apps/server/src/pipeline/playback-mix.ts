/**
 * The mono mix of a call recording stored beside its two-channel original, for playback
 * (storage/playback-mix.ts). Best effort: a mix that cannot be made leaves playback on the
 * original, whose two channels still play.
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { mixToMonoWebm, tempFolder } from '../audio/channels.ts';
import { log } from '../log.ts';
import { playbackMixKey } from '../storage/playback-mix.ts';
import { ObjectExistsError } from '../storage/types.ts';
import type { MeetingRun } from './run-context.ts';

/**
 * Mixes the call recording at `path` (a local copy of the run's audio) to mono and stores it
 * under the original's mix key; one stored by an earlier run is kept.
 * @returns whether the mix is stored; false (logged) when ffmpeg or the storage failed
 * @throws 'AbortError' when the run is stopped
 */
export async function storePlaybackMix(run: MeetingRun, path: string): Promise<boolean> {
  const { deps, job, signal } = run;
  const dir = await tempFolder('summy-mix-', deps.tmpDir);
  try {
    const out = join(dir, 'mix.webm');
    await mixToMonoWebm(path, out, signal ? { signal } : {});
    const { size } = await stat(out);
    await deps.storage.put(playbackMixKey(job.audioKey), createReadStream(out), 'audio/webm', {
      size,
    });
    return true;
  } catch (err) {
    if (err instanceof ObjectExistsError) return true;
    if (signal?.aborted) throw err;
    log.warn({ err, meetingId: job.meetingId }, '[pipeline] the call’s mono mix was not stored');
    return false;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
