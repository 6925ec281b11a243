/**
 * Recovery of recordings a crashed or closed tab left in IndexedDB: no recording is lost, because
 * the next visit offers to send the unsent part and finishes the meeting. A recording counts as
 * left behind when its local copy exists and no tab holds its Web Lock (a tab that is still
 * recording it holds the lock until it stops or dies).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ApiRequestError } from '@/lib/api-client';
import { createRecordingMeeting } from '../api/create-recording-meeting';
import { meetingExists } from '../api/get-meeting-exists';
import { stopRecordingOnServer } from '../api/stop-recording';
import { updateMeetingFlags } from '../api/update-meeting-flags';
import { ChunkSender } from '../utils/chunk-sender';
import { clearCurrentRecording } from '../utils/current-recording';
import {
  deleteRecording,
  listChunks,
  listRecordings,
  moveRecording,
  type RecordingMeta,
} from '../utils/recording-db';
import { recordingLockName } from '../utils/recording-lock';

/** A recording that can be recovered, with what its local copy holds. */
export interface RecoverableRecording {
  meta: RecordingMeta;
  /** Chunks kept locally. */
  chunks: number;
  /** Of those, chunks the server never acknowledged. */
  unsent: number;
  /** Bytes kept locally. */
  bytes: number;
}

/** Names of the Web Locks held now by any tab of this origin. */
async function heldLocks(): Promise<Set<string>> {
  if (!('locks' in navigator)) return new Set();
  const snapshot = await navigator.locks.query();
  return new Set((snapshot.held ?? []).map((lock) => lock.name ?? ''));
}

/** Options of {@link useRecordingRecovery}. */
export interface RecordingRecoveryOptions {
  /**
   * The signed-in user; only their recordings (or ones with no owner recorded) are offered. The
   * tab's own live recording is never offered: it holds its Web Lock.
   */
  userId: string | null;
}

/** What {@link useRecordingRecovery} gives. */
export interface RecordingRecovery {
  /** The recording offered now, or null. */
  offer: RecoverableRecording | null;
  /** True while a recovery or discard runs. */
  busy: boolean;
  /** Sends every unsent chunk, stops the meeting so it processes, and opens it. */
  recover(): Promise<void>;
  /** Deletes the local copy and clears the meeting's recording flags. */
  discard(): Promise<void>;
  /** Looks for recordings to offer again (after a failed stop in this tab). */
  rescan(): void;
}

/** Meeting flags of a recording that is over without being processed. */
const NOT_RECORDING = { isRecording: false, isProcessing: false, isPaused: false };

/** The signed-in user's recordings left in IndexedDB that no tab holds the Web Lock of. */
async function findRecoverable(userId: string): Promise<RecoverableRecording[]> {
  const [recordings, locks] = await Promise.all([listRecordings(), heldLocks()]);
  const found: RecoverableRecording[] = [];
  for (const meta of recordings) {
    if (meta.userId && meta.userId !== userId) continue;
    if (locks.has(recordingLockName(meta.meetingId))) continue;
    const chunks = await listChunks(meta.meetingId);
    found.push({
      meta,
      chunks: chunks.length,
      unsent: chunks.filter((c) => c.sent === 0).length,
      bytes: chunks.reduce((sum, c) => sum + c.blob.size, 0),
    });
  }
  return found;
}

/** The meeting the recording goes to: its own, or a new one when that was deleted meanwhile. */
async function meetingForRecording(meta: RecordingMeta): Promise<string> {
  if (await meetingExists(meta.meetingId)) return meta.meetingId;
  const meeting = await createRecordingMeeting({
    title: meta.title,
    date: new Date(meta.startedAt),
    channels: meta.channels ?? null,
  });
  await moveRecording(meta.meetingId, meeting.id);
  return meeting.id;
}

/**
 * Sends a left-behind recording's unsent chunks and stops its meeting so it processes, then
 * deletes the local copy. Returns the meeting's id, or null when the local copy held no audio
 * (then the copy is deleted and the meeting's recording flags cleared).
 */
async function sendLeftBehind(meta: RecordingMeta): Promise<string | null> {
  const meetingId = await meetingForRecording(meta);
  const chunks = await listChunks(meetingId);
  if (chunks.length === 0) {
    await updateMeetingFlags(meetingId, NOT_RECORDING).catch(() => undefined);
    await deleteRecording(meetingId);
    clearCurrentRecording(meetingId);
    return null;
  }
  const sender = new ChunkSender(meetingId);
  for (const chunk of chunks) if (chunk.sent === 0) sender.enqueue(chunk.index, chunk.blob);
  await sender.flush();
  await stopRecordingOnServer(meetingId, meta.durationMs);
  await deleteRecording(meetingId).catch(() => undefined);
  clearCurrentRecording(meetingId);
  return meetingId;
}

/** Finds recordings left behind and offers them one at a time. */
export function useRecordingRecovery({ userId }: RecordingRecoveryOptions): RecordingRecovery {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<RecoverableRecording[]>([]);
  const [busy, setBusy] = useState(false);
  const [scan, setScan] = useState(0);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    void (async () => {
      try {
        const found = await findRecoverable(userId);
        if (!cancelled) setQueue(found);
      } catch (error) {
        // IndexedDB unavailable (private mode, blocked storage): nothing can be recovered here.
        console.warn('Could not look for recordings to recover', error);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [userId, scan]);

  const offer = queue[0] ?? null;

  const done = useCallback((meetingId: string) => {
    setQueue((current) => current.filter((r) => r.meta.meetingId !== meetingId));
  }, []);

  const recover = useCallback(async () => {
    if (!offer || busy) return;
    const { meta } = offer;
    setBusy(true);
    try {
      const meetingId = await sendLeftBehind(meta);
      done(meta.meetingId);
      if (meetingId === null) {
        toast.error('Recording failed', { description: 'No audio data was recorded' });
        return;
      }
      toast.success('Recording recovered', { description: 'The meeting is being processed.' });
      void queryClient.invalidateQueries({ queryKey: ['meetings'] });
      void navigate(`/meeting/${meetingId}`);
    } catch (error) {
      console.error('Recovering the recording failed', error);
      const reason =
        error instanceof ApiRequestError ? error.message : 'Please check your connection';
      toast.error('Recovery failed', {
        description: `${reason}. The recording is still kept in this browser.`,
      });
    } finally {
      setBusy(false);
    }
  }, [busy, done, navigate, offer, queryClient]);

  const discard = useCallback(async () => {
    if (!offer || busy) return;
    const { meetingId } = offer.meta;
    setBusy(true);
    try {
      await deleteRecording(meetingId);
      clearCurrentRecording(meetingId);
      done(meetingId);
      await updateMeetingFlags(meetingId, NOT_RECORDING).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: ['meetings'] });
    } catch (error) {
      console.error('Discarding the recording failed', error);
      toast.error('Could not discard the recording');
    } finally {
      setBusy(false);
    }
  }, [busy, done, offer, queryClient]);

  const rescan = useCallback(() => setScan((n) => n + 1), []);

  return { offer, busy, recover, discard, rescan };
}
