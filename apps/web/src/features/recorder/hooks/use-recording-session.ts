/**
 * The live recording of this tab (spec 000 section 4 "Meeting flags", "Start recording", "Stop
 * pipeline", "Backup offer"; section 9 recorder output): microphone, MediaRecorder, level
 * analyser, timer, chunk persistence and sending. Held in refs because a recording outlives every
 * screen; React state mirrors only what the UI shows.
 */
import { backupFileName, recordingTitle, shouldOfferBackup } from '@summy/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ApiRequestError } from '@/lib/api-client';
import { createRecordingMeeting } from '../api/create-recording-meeting';
import { stopRecordingOnServer } from '../api/stop-recording';
import { updateMeetingFlags } from '../api/update-meeting-flags';
import { ChunkSender, type SenderStop } from '../utils/chunk-sender';
import { clearCurrentRecording, setCurrentRecording } from '../utils/current-recording';
import { downloadBlob } from '../utils/download-blob';
import {
  deleteRecording,
  listChunks,
  putChunk,
  putRecordingMeta,
  updateRecordingMeta,
} from '../utils/recording-db';
import { getRecordingSettings } from '../utils/recording-settings';
import type { RecorderContextValue, RecorderState, StartRecordingOptions } from './use-recorder';

/** Microphone processing the spec asks for (spec 000 section 9 "Recorder output"). */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
};

/** Preferred recorder format (spec 000 section 9: webm opus). */
const PREFERRED_MIME_TYPE = 'audio/webm;codecs=opus';

/** A chunk every 1000 ms (spec 000 section 9). */
const TIMESLICE_MS = 1000;

/** How often the timer text is refreshed, in ms (it shows whole seconds). */
const TICK_MS = 200;

/** The spec's microphone failure toast (spec 000 section 8). */
const MICROPHONE_FAILED = {
  title: 'Recording failed',
  description: 'Could not access microphone. Please check permissions.',
};

/** Name of the Web Lock a tab holds while recording a meeting: other tabs must not "recover" it. */
export function recordingLockName(meetingId: string): string {
  return `summy-recording:${meetingId}`;
}

interface LiveRecording {
  meetingId: string;
  title: string;
  stream: MediaStream;
  recorder: MediaRecorder;
  mimeType: string;
  audioContext: AudioContext | null;
  analyser: AnalyserNode | null;
  sender: ChunkSender;
  /** Index of the next non-empty chunk. */
  nextIndex: number;
  bytes: number;
  /** Recorded time of finished segments (between pauses), ms. */
  accumulatedMs: number;
  /** performance.now() when the running segment began, null while paused or stopped. */
  segmentStart: number | null;
  /** Chain of IndexedDB writes, in chunk order; stop waits for it. */
  writes: Promise<void>;
  backupOffered: boolean;
  stopping: boolean;
  releaseLock: () => void;
}

function elapsedOf(live: LiveRecording): number {
  return (
    live.accumulatedMs + (live.segmentStart === null ? 0 : performance.now() - live.segmentStart)
  );
}

/** Holds a Web Lock until the returned function is called (no-op where Web Locks are missing). */
async function holdLock(name: string): Promise<() => void> {
  if (!('locks' in navigator)) return () => {};
  return new Promise((resolveAcquired) => {
    void navigator.locks.request(
      name,
      () =>
        new Promise<void>((release) => {
          resolveAcquired(() => release());
        }),
    );
  });
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

function describe(error: unknown): string {
  if (error instanceof ApiRequestError) {
    return error.details && !/^HTTP \d+$/.test(error.details)
      ? `${error.message}: ${error.details}`
      : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Options of {@link useRecordingSession}. */
export interface RecordingSessionOptions {
  /** The signed-in user's id, stored with the local copy. */
  userId: string | null;
  /** Called when a stop failed and the local copy was kept (so recovery can be offered). */
  onLocalCopyKept?: () => void;
}

/** What {@link useRecordingSession} gives: the recorder context without the upload part. */
export type RecordingSession = Omit<RecorderContextValue, 'uploading' | 'uploadFile'>;

/** The tab's recording: its state for the UI and its actions. */
export function useRecordingSession({
  userId,
  onLocalCopyKept,
}: RecordingSessionOptions): RecordingSession {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const liveRef = useRef<LiveRecording | null>(null);
  const startingRef = useRef(false);
  const [state, setState] = useState<RecorderState>('idle');
  const [meetingId, setMeetingId] = useState<string | null>(null);
  const [title, setTitle] = useState<string | null>(null);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [recordedBytes, setRecordedBytes] = useState(0);
  const [isStarting, setIsStarting] = useState(false);
  const [analyser, setAnalyser] = useState<AnalyserNode | null>(null);
  const keptRef = useRef(onLocalCopyKept);
  const userIdRef = useRef(userId);
  // Read by the actions at call time; kept current without re-creating them.
  useEffect(() => {
    keptRef.current = onLocalCopyKept;
    userIdRef.current = userId;
  }, [onLocalCopyKept, userId]);

  // The timer: whole seconds are what it shows, so state changes only when the second changes.
  useEffect(() => {
    if (state !== 'recording') return;
    const timer = setInterval(() => {
      const live = liveRef.current;
      if (!live) return;
      const now = elapsedOf(live);
      setElapsedMs((previous) =>
        Math.floor(previous / 1000) === Math.floor(now / 1000) ? previous : now,
      );
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [state]);

  const teardownMedia = useCallback((live: LiveRecording) => {
    stopTracks(live.stream);
    if (live.audioContext && live.audioContext.state !== 'closed') {
      void live.audioContext.close().catch(() => undefined);
    }
    setAnalyser(null);
  }, []);

  const reset = useCallback(() => {
    liveRef.current = null;
    setState('idle');
    setMeetingId(null);
    setTitle(null);
    setElapsedMs(0);
    setRecordedBytes(0);
  }, []);

  const save = useCallback(async () => {
    const live = liveRef.current;
    if (!live) return;
    try {
      // Flush the part of the current second too, so the file holds everything so far.
      if (live.recorder.state === 'recording') live.recorder.requestData();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await live.writes;
      const chunks = await listChunks(live.meetingId);
      if (chunks.length === 0) throw new Error('No audio yet');
      const blob = new Blob(
        chunks.map((c) => c.blob),
        { type: 'audio/webm' },
      );
      downloadBlob(blob, backupFileName(live.title, new Date()));
      toast.success('Recording saved');
    } catch (error) {
      console.error('Save failed', error);
      toast.error('Save failed', { description: 'Failed to save recording to downloads' });
    }
  }, []);

  const offerBackup = useCallback(
    (live: LiveRecording) => {
      if (live.backupOffered) return;
      if (
        !shouldOfferBackup(getRecordingSettings(), {
          bytes: live.bytes,
          elapsedMs: elapsedOf(live),
        })
      )
        return;
      live.backupOffered = true;
      toast('Back up this recording?', {
        description: 'It is getting long. Save a copy to your downloads so nothing can be lost.',
        duration: 20_000,
        action: { label: 'Save backup', onClick: () => void save() },
      });
    },
    [save],
  );

  const stop = useCallback(async () => {
    const live = liveRef.current;
    if (!live || live.stopping) return;
    live.stopping = true;
    if (live.segmentStart !== null) {
      live.accumulatedMs += performance.now() - live.segmentStart;
      live.segmentStart = null;
    }
    const id = live.meetingId;
    const durationMs = live.accumulatedMs;
    setElapsedMs(durationMs);
    setState('processing');
    let keptLocalCopy = false;
    try {
      // 1. Stop the recorder; its last chunk arrives before 'stop'.
      if (live.recorder.state !== 'inactive') {
        await new Promise<void>((resolve) => {
          live.recorder.addEventListener('stop', () => resolve(), { once: true });
          live.recorder.stop();
        });
      }
      teardownMedia(live);
      await live.writes;
      await updateRecordingMeta(id, { durationMs }).catch(() => undefined);

      // Empty recording (spec 000 section 4 "Empty blob").
      if (live.nextIndex === 0) {
        live.sender.dispose();
        await updateMeetingFlags(id, {
          isRecording: false,
          isProcessing: false,
          isPaused: false,
        }).catch(() => undefined);
        await deleteRecording(id).catch(() => undefined);
        clearCurrentRecording(id);
        toast.error('Recording failed', { description: 'No audio data was recorded' });
        return;
      }

      // 2. Every chunk on the server, then the server assembles and processes.
      await live.sender.flush();
      await stopRecordingOnServer(id, durationMs);
      await deleteRecording(id).catch((error: unknown) =>
        console.warn('Could not delete the local copy of a stopped recording', error),
      );
      clearCurrentRecording(id);
    } catch (error) {
      console.error('Stopping the recording failed', error);
      live.sender.dispose();
      const serverSaidEmpty =
        error instanceof ApiRequestError &&
        error.status === 400 &&
        error.details === 'No audio data was recorded';
      if (!serverSaidEmpty) {
        // Spec 000 section 4: any failure of the whole stop clears both flags.
        await updateMeetingFlags(id, {
          isRecording: false,
          isProcessing: false,
          isPaused: false,
        }).catch(() => undefined);
      }
      toast.error('Recording failed', {
        description: serverSaidEmpty
          ? 'No audio data was recorded'
          : `${describe(error)}. A copy is kept in this browser; recover it to try again.`,
      });
      keptLocalCopy = !serverSaidEmpty;
    } finally {
      live.releaseLock();
      void queryClient.invalidateQueries({ queryKey: ['meetings'] });
      reset();
      if (keptLocalCopy) keptRef.current?.();
    }
  }, [queryClient, reset, teardownMedia]);

  /** The meeting was deleted or stopped elsewhere: clean up without processing (spec: "cleans up"). */
  const abandon = useCallback(
    (live: LiveRecording, why: SenderStop) => {
      if (liveRef.current !== live || live.stopping) return;
      live.stopping = true;
      live.sender.dispose();
      try {
        if (live.recorder.state !== 'inactive') live.recorder.stop();
      } catch {
        // Already stopped.
      }
      teardownMedia(live);
      live.releaseLock();
      if (why.reason === 'gone') {
        void deleteRecording(live.meetingId).catch(() => undefined);
        clearCurrentRecording(live.meetingId);
      }
      reset();
    },
    [reset, teardownMedia],
  );

  const start = useCallback(
    async (options: StartRecordingOptions = {}) => {
      if (liveRef.current || startingRef.current) return;
      startingRef.current = true;
      setIsStarting(true);
      try {
        let stream: MediaStream;
        try {
          stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
        } catch (error) {
          console.error('getUserMedia failed', error);
          setState('denied');
          toast.error(MICROPHONE_FAILED.title, { description: MICROPHONE_FAILED.description });
          return;
        }

        const now = new Date();
        const meetingTitle = options.title?.trim() || recordingTitle(now);
        let meeting;
        try {
          meeting = await createRecordingMeeting({ title: meetingTitle, date: now });
        } catch (error) {
          console.error('Creating the recording meeting failed', error);
          stopTracks(stream);
          setState('idle');
          toast.error('Recording failed', { description: 'Failed to start recording' });
          return;
        }

        const mimeType =
          typeof MediaRecorder.isTypeSupported === 'function' &&
          MediaRecorder.isTypeSupported(PREFERRED_MIME_TYPE)
            ? PREFERRED_MIME_TYPE
            : '';
        let recorder: MediaRecorder;
        try {
          recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
        } catch (error) {
          console.error('MediaRecorder failed', error);
          stopTracks(stream);
          await updateMeetingFlags(meeting.id, { isRecording: false }).catch(() => undefined);
          setState('idle');
          toast.error('Recording failed', { description: 'Failed to start recording' });
          return;
        }

        // The level meter reads the live signal; a failure here must not stop the recording.
        let audioContext: AudioContext | null = null;
        let analyserNode: AnalyserNode | null = null;
        try {
          audioContext = new AudioContext();
          analyserNode = audioContext.createAnalyser();
          analyserNode.fftSize = 256;
          analyserNode.smoothingTimeConstant = 0.6;
          // A wider window than the default -100..-30 dB: speech after auto gain sits near the top
          // of the default one and would pin every bar at full height.
          analyserNode.minDecibels = -85;
          analyserNode.maxDecibels = -20;
          audioContext.createMediaStreamSource(stream).connect(analyserNode);
          if (audioContext.state === 'suspended') void audioContext.resume();
        } catch (error) {
          console.warn('Level meter unavailable', error);
        }

        const releaseLock = await holdLock(recordingLockName(meeting.id));
        const startedAt = now.toISOString();
        const live: LiveRecording = {
          meetingId: meeting.id,
          title: meeting.title,
          stream,
          recorder,
          mimeType: recorder.mimeType || mimeType || 'audio/webm',
          audioContext,
          analyser: analyserNode,
          sender: new ChunkSender(meeting.id, {
            onStop: (why) => {
              // 409 after our own stop is expected; otherwise the meeting ended elsewhere.
              if (!live.stopping) abandon(live, why);
            },
          }),
          nextIndex: 0,
          bytes: 0,
          accumulatedMs: 0,
          segmentStart: null,
          writes: Promise.resolve(),
          backupOffered: false,
          stopping: false,
          releaseLock,
        };
        await putRecordingMeta({
          meetingId: meeting.id,
          userId: userIdRef.current,
          title: meeting.title,
          startedAt,
          durationMs: 0,
          mimeType: live.mimeType,
          updatedAt: startedAt,
        }).catch((error: unknown) => console.warn('Could not keep the recording locally', error));
        setCurrentRecording({ meetingId: meeting.id, title: meeting.title, startedAt });

        recorder.addEventListener('dataavailable', (event: BlobEvent) => {
          const blob = event.data;
          if (!blob || blob.size === 0) return;
          const index = live.nextIndex++;
          live.bytes += blob.size;
          setRecordedBytes(live.bytes);
          const durationMs = elapsedOf(live);
          // In order: stored first, then sent, so an acknowledged chunk is always stored.
          live.writes = live.writes
            .then(() => putChunk(live.meetingId, index, blob))
            .catch((error: unknown) => console.warn('Could not keep a chunk locally', error))
            .then(() => {
              live.sender.enqueue(index, blob);
              return updateRecordingMeta(live.meetingId, { durationMs });
            })
            .catch(() => undefined);
          offerBackup(live);
        });
        recorder.addEventListener('start', () => {
          live.segmentStart = performance.now();
        });
        // The microphone went away (unplugged, permission revoked): finish what was recorded.
        stream.getAudioTracks()[0]?.addEventListener('ended', () => void stop());

        liveRef.current = live;
        recorder.start(TIMESLICE_MS);
        live.segmentStart ??= performance.now();
        setMeetingId(meeting.id);
        setTitle(meeting.title);
        setElapsedMs(0);
        setRecordedBytes(0);
        setAnalyser(analyserNode);
        setState('recording');
        // The recording already runs: a slow or failed link costs no audio, and the meeting page
        // opens with the link in place.
        if (options.onMeetingCreated) {
          await options.onMeetingCreated(meeting.id).catch((error: unknown) => {
            console.warn('After-start step failed', error);
          });
        }
        void queryClient.invalidateQueries({ queryKey: ['meetings'] });
        void navigate(`/meeting/${meeting.id}`);
      } finally {
        startingRef.current = false;
        setIsStarting(false);
      }
    },
    [abandon, navigate, offerBackup, queryClient, stop],
  );

  const pause = useCallback(() => {
    const live = liveRef.current;
    if (!live || live.stopping || live.recorder.state !== 'recording') return;
    live.recorder.pause();
    if (live.segmentStart !== null) {
      live.accumulatedMs += performance.now() - live.segmentStart;
      live.segmentStart = null;
    }
    setElapsedMs(live.accumulatedMs);
    setState('paused');
    void updateRecordingMeta(live.meetingId, { durationMs: live.accumulatedMs }).catch(
      () => undefined,
    );
    void updateMeetingFlags(live.meetingId, { isPaused: true }).catch((error: unknown) =>
      console.warn('Could not mark the meeting paused', error),
    );
  }, []);

  const resume = useCallback(() => {
    const live = liveRef.current;
    if (!live || live.stopping || live.recorder.state !== 'paused') return;
    live.recorder.resume();
    live.segmentStart = performance.now();
    setState('recording');
    void updateMeetingFlags(live.meetingId, { isPaused: false }).catch((error: unknown) =>
      console.warn('Could not mark the meeting resumed', error),
    );
  }, []);

  /** 'Check permissions again': asks for the microphone once more and, if granted, is ready. */
  const checkPermission = useCallback(async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
      stopTracks(stream);
      setState((current) => (current === 'denied' ? 'idle' : current));
    } catch (error) {
      console.error('getUserMedia failed again', error);
      setState('denied');
      toast.error(MICROPHONE_FAILED.title, { description: MICROPHONE_FAILED.description });
    }
  }, []);

  // Leaving the page while recording: ask first, and push the current second to IndexedDB.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!liveRef.current) return;
      event.preventDefault();
    };
    const onPageHide = () => {
      const live = liveRef.current;
      if (live?.recorder.state === 'recording') live.recorder.requestData();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  // Signing out unmounts the provider: release the microphone (the local copy stays for recovery).
  useEffect(
    () => () => {
      const live = liveRef.current;
      if (!live) return;
      live.sender.dispose();
      try {
        if (live.recorder.state !== 'inactive') live.recorder.stop();
      } catch {
        // Already stopped.
      }
      stopTracks(live.stream);
      void live.audioContext?.close().catch(() => undefined);
      live.releaseLock();
      liveRef.current = null;
    },
    [],
  );

  // One object per change of what it holds, so consumers re-render only then.
  return useMemo(
    () => ({
      state,
      meetingId,
      title,
      elapsedMs,
      recordedBytes,
      isStarting,
      analyser,
      start,
      pause,
      resume,
      stop,
      save,
      checkPermission,
    }),
    [
      state,
      meetingId,
      title,
      elapsedMs,
      recordedBytes,
      isStarting,
      analyser,
      start,
      pause,
      resume,
      stop,
      save,
      checkPermission,
    ],
  );
}
