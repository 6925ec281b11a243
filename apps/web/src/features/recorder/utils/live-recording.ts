/**
 * A recording running in this tab, and how it is handed to the server when it stops: every chunk
 * sent, then the server asked to assemble and process. A failed hand-over keeps the browser's copy
 * so the recording can be recovered; only an empty recording is dropped.
 */
import { ApiRequestError } from '@/lib/api-client';
import type {
  LevelMeter,
  RecorderPort,
  RecordingInput,
  RecordingPorts,
  SenderPort,
  SourceKind,
} from './recording-ports';
import type { RecordingSource } from './recording-source';

/** The words of the empty-recording toast, and the server's detail when it found no audio. */
export const NO_AUDIO = 'No audio data was recorded';

/** A meeting that is neither recording, processing nor paused any more. */
const CLEARED_FLAGS = { isRecording: false, isProcessing: false, isPaused: false };

/** The live parts of a recording and its running counts (mutable: the controller owns it). */
export interface LiveRecording {
  meetingId: string;
  title: string;
  /** What is recorded, and its opened sources. */
  source: RecordingSource;
  input: RecordingInput;
  recorder: RecorderPort;
  /** The level meter of each source, null where absent or unavailable. */
  meters: Record<SourceKind, LevelMeter | null>;
  /** True once the user stopped sharing the call (the microphone goes on alone). */
  callEnded: boolean;
  sender: SenderPort;
  /** Index of the next non-empty chunk. */
  nextIndex: number;
  /** Bytes recorded so far. */
  bytes: number;
  /** Recorded time of finished segments (between pauses), ms. */
  accumulatedMs: number;
  /** clock.now() when the running segment began, null while paused or stopped. */
  segmentStart: number | null;
  /** Chain of IndexedDB writes, in chunk order; stop waits for it. */
  writes: Promise<void>;
  /** True once the backup toast was shown (it is offered once per recording). */
  backupOffered: boolean;
  releaseLock: () => void;
}

/** The error's words for a toast: the server's message and detail, or the error's message. */
function describe(error: unknown): string {
  if (error instanceof ApiRequestError) {
    return error.details && !/^HTTP \d+$/.test(error.details)
      ? `${error.message}: ${error.details}`
      : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Stops a recorder without waiting for it; a broken or stopped one is fine. */
export function stopQuietly(recorder: RecorderPort): void {
  try {
    if (recorder.state !== 'inactive') void recorder.stop().catch(() => undefined);
  } catch {
    // Already stopped.
  }
}

/** Closes the level meters and releases every source of the recording; never throws. */
export function closeMedia(live: LiveRecording): void {
  live.meters.microphone?.close();
  live.meters.call?.close();
  live.input.release();
}

/**
 * Stops the recorder and hands the recording to the server; `releaseMedia` runs once the last
 * chunk is in. Toasts its failures and never throws.
 *
 * @param durationMs recorded time, pauses excluded
 * @returns true when the hand-over failed and the local copy was kept for recovery
 */
export async function handOver(
  ports: RecordingPorts,
  live: LiveRecording,
  durationMs: number,
  releaseMedia: () => void,
): Promise<boolean> {
  const id = live.meetingId;
  try {
    // 1. Stop the recorder; its last chunk arrives before it reports stopped.
    await live.recorder.stop();
    releaseMedia();
    await live.writes;
    await ports.store.updateMeta(id, { durationMs }).catch(() => undefined);

    // Nothing was recorded: no meeting to process.
    if (live.nextIndex === 0) {
      live.sender.dispose();
      await ports.server.updateFlags(id, CLEARED_FLAGS).catch(() => undefined);
      await ports.store.deleteRecording(id).catch(() => undefined);
      ports.store.clearCurrent(id);
      ports.notify.error('Recording failed', NO_AUDIO);
      return false;
    }

    // 2. Every chunk on the server, then the server assembles and processes.
    await live.sender.flush();
    await ports.server.stop(id, durationMs);
    await ports.store
      .deleteRecording(id)
      .catch((error: unknown) =>
        console.warn('Could not delete the local copy of a stopped recording', error),
      );
    ports.store.clearCurrent(id);
    return false;
  } catch (error) {
    console.error('Stopping the recording failed', error);
    live.sender.dispose();
    const serverSaidEmpty =
      error instanceof ApiRequestError && error.status === 400 && error.details === NO_AUDIO;
    // Any other failure of the whole stop clears the flags (the server cleared them itself when
    // it found no audio), so the meeting does not stay 'recording' forever.
    if (!serverSaidEmpty) {
      await ports.server.updateFlags(id, CLEARED_FLAGS).catch(() => undefined);
    }
    ports.notify.error(
      'Recording failed',
      serverSaidEmpty
        ? NO_AUDIO
        : `${describe(error)}. A copy is kept in this browser; recover it to try again.`,
    );
    return !serverSaidEmpty;
  }
}
