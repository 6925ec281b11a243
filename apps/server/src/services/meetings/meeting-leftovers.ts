/**
 * Files of deleted meetings (privacy text: deleted data removed within 30 days): the stored audio
 * object, the chunks of a recording in progress (`{dataDir}/recordings-in-progress/{meetingId}`)
 * and the record of a finished tus upload (`{dataDir}/uploads/{id}.json`, which names the meeting,
 * its file name and title).
 *
 * Deleting a meeting removes them right after its row (`removeMeetingFiles`). Whatever that
 * misses (storage unreachable, a crash in between, a chunk that arrived during the deletion, an
 * object stored for a meeting deleted meanwhile, or a user deleted with all their meetings) is
 * found by `sweepLeftovers`, run at start-up and then daily: no table of pending deletions is
 * needed, because a file belongs to a meeting that either exists or not. Objects younger than
 * {@link LEFTOVER_GRACE_MS} are spared, since an upload stores its audio before its meeting row.
 */
import { mixedFromKey, playbackMixKey } from '../../storage/playback-mix.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { meetings, voiceProfiles } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { keyFromAudioUrl, storedAudioUrl } from '../../storage/types.ts';
import { partsDir } from '../recordings/recording-parts.ts';
import { log } from '../../log.ts';

/** Age below which an unreferenced object is spared by the sweep: one hour, in ms. */
export const LEFTOVER_GRACE_MS = 60 * 60 * 1000;

/** Interval of the sweep after the one at start-up: one day, in ms. */
export const LEFTOVER_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** tus metadata key naming an upload's meeting (uploads/tus-routes.ts). */
const TUS_MEETING_KEY = 'summy_meeting';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Deps = Pick<AppDeps, 'database' | 'storage' | 'env'>;

const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** The finished tus uploads on disk: upload id and meeting id. */
async function tusRecords(dataDir: string): Promise<{ id: string; meetingId: string }[]> {
  let names: string[];
  try {
    names = await fs.readdir(uploadsDir(dataDir));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: { id: string; meetingId: string }[] = [];
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    try {
      const record = JSON.parse(await fs.readFile(path.join(uploadsDir(dataDir), name), 'utf8'));
      const meetingId = record?.metadata?.[TUS_MEETING_KEY];
      if (typeof meetingId === 'string') out.push({ id: name.slice(0, -5), meetingId });
    } catch {
      // Being written, or not a record of ours.
    }
  }
  return out;
}

async function removeTusUpload(dataDir: string, id: string) {
  await fs.rm(path.join(uploadsDir(dataDir), id), { force: true });
  await fs.rm(path.join(uploadsDir(dataDir), `${id}.json`), { force: true });
}

/**
 * Removes the files of a meeting whose row is gone: its audio object (only a key under the
 * user's own folder, never another user's), its recording chunks, its tus upload record. Never
 * throws: a failure is logged and left to {@link sweepLeftovers}.
 * @param audioUrl the deleted row's `audio_url` (`recordings/{key}`, or null)
 */
export async function removeMeetingFiles(
  { storage, env }: Pick<Deps, 'storage' | 'env'>,
  userId: string,
  meetingId: string,
  audioUrl: string | null,
): Promise<void> {
  const key = keyFromAudioUrl(audioUrl);
  const steps: [string, () => Promise<unknown>][] = [
    ['audio', async () => key?.startsWith(`${userId}/`) && storage.delete(key)],
    // A call recording's mono mix for playback, beside it (absent for any other meeting).
    ['mix', async () => key?.startsWith(`${userId}/`) && storage.delete(playbackMixKey(key))],
    ['chunks', () => fs.rm(partsDir(env.dataDir, meetingId), { recursive: true, force: true })],
    [
      'upload record',
      async () => {
        for (const r of await tusRecords(env.dataDir)) {
          if (r.meetingId === meetingId) await removeTusUpload(env.dataDir, r.id);
        }
      },
    ],
  ];
  for (const [what, step] of steps) {
    await step().catch((err: unknown) =>
      log.warn(
        { err, meetingId, what },
        '[meetings] removing a deleted meeting’s files failed (the leftover sweep retries)',
      ),
    );
  }
}

/** What one sweep removed. */
export interface SweepResult {
  objects: number;
  recordings: number;
  uploads: number;
}

/** Of these meeting ids, those that still exist. */
async function existingMeetings(deps: Deps, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await deps.database.db
      .select({ id: meetings.id })
      .from(meetings)
      .where(inArray(meetings.id, ids.slice(i, i + 500)));
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/**
 * Removes the files no meeting owns any more: stored objects older than `graceMs` that no
 * `meetings.audio_url` and no voice profile's clip names (a call's mono mix: while its original is), recording chunk folders and tus upload records of meetings that do
 * not exist. Safe beside running uploads and other server processes (young objects are spared;
 * a chunk folder or upload record is only made for an existing meeting).
 * @param options.graceMs spare objects younger than this (default {@link LEFTOVER_GRACE_MS})
 * @returns how many objects, chunk folders and upload records were removed
 */
export async function sweepLeftovers(
  deps: Deps,
  { graceMs = LEFTOVER_GRACE_MS }: { graceMs?: number } = {},
): Promise<SweepResult> {
  const result: SweepResult = { objects: 0, recordings: 0, uploads: 0 };
  const cutoff = Date.now() - graceMs;

  const candidates: string[] = [];
  for await (const o of deps.storage.list()) {
    if (o.modifiedAt.getTime() <= cutoff) candidates.push(o.key);
  }
  for (let i = 0; i < candidates.length; i += 500) {
    const keys = candidates.slice(i, i + 500);
    // A mono mix is used while its original is.
    const named = [...new Set(keys.map((k) => mixedFromKey(k) ?? k))];
    const rows = await deps.database.db
      .select({ audioUrl: meetings.audioUrl })
      .from(meetings)
      .where(inArray(meetings.audioUrl, [...named.map(storedAudioUrl), ...named]));
    const used = new Set(rows.map((r) => keyFromAudioUrl(r.audioUrl)));
    for (const key of keys) if (used.has(mixedFromKey(key))) used.add(key);
    // Voice profile clips live beside the recordings.
    const samples = await deps.database.db
      .select({ key: voiceProfiles.sampleKey })
      .from(voiceProfiles)
      .where(inArray(voiceProfiles.sampleKey, keys));
    for (const r of samples) used.add(r.key ?? undefined);
    for (const key of keys) {
      if (used.has(key)) continue;
      await deps.storage.delete(key);
      result.objects++;
    }
  }

  const recordingsDir = path.dirname(partsDir(deps.env.dataDir, 'x'));
  const folders = (await fs.readdir(recordingsDir).catch(() => [] as string[])).filter((n) =>
    UUID.test(n),
  );
  const liveRecordings = await existingMeetings(deps, folders);
  for (const id of folders) {
    if (liveRecordings.has(id)) continue;
    await fs.rm(partsDir(deps.env.dataDir, id), { recursive: true, force: true });
    result.recordings++;
  }

  const uploads = (await tusRecords(deps.env.dataDir)).filter((r) => UUID.test(r.meetingId));
  const liveUploads = await existingMeetings(deps, [...new Set(uploads.map((r) => r.meetingId))]);
  for (const r of uploads) {
    if (liveUploads.has(r.meetingId)) continue;
    await removeTusUpload(deps.env.dataDir, r.id);
    result.uploads++;
  }
  return result;
}

/**
 * Runs {@link sweepLeftovers} now (in the background: start-up does not wait) and every
 * {@link LEFTOVER_SWEEP_INTERVAL_MS}; failures are logged and retried at the next run.
 * @returns stops the timer and waits for a sweep in progress
 */
export function startLeftoverSweeps(deps: Deps): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() =>
      sweepLeftovers(deps).then(
        (r) => {
          if (r.objects + r.recordings + r.uploads > 0) {
            log.info({ ...r }, '[meetings] removed leftovers of deleted meetings');
          }
        },
        (err: unknown) => log.warn({ err }, '[meetings] leftover sweep failed (retried later)'),
      ),
    );
  };
  run();
  const timer = setInterval(run, LEFTOVER_SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
