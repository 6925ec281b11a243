/**
 * What the recording controller needs from the world, as interfaces: the microphone, a call's
 * audio and MediaRecorder, the IndexedDB copy, the server, timers and locks, and the UI's toasts. The browser
 * provides them (browser-recording-ports.ts); unit tests pass fakes, so every transition and side
 * effect of a recording can be checked without a browser.
 */
import type { ChannelLayout, RecordingSettings } from '@summy/core';
import type { CurrentRecording } from './current-recording';
import type { RecordingMeta } from './recording-db';
import type { MeetingFlags } from '../api/update-meeting-flags';
import type { SenderStop } from './chunk-sender';
import type { RecordingSource } from './recording-source';

/** A MediaRecorder as the controller drives it. */
export interface RecorderPort {
  /** As MediaRecorder.state. */
  readonly state: 'inactive' | 'recording' | 'paused';
  /** The container and codec the chunks are in, e.g. 'audio/webm;codecs=opus'. */
  readonly mimeType: string;
  /** Starts recording, delivering a chunk every `timesliceMs` ms. */
  start(timesliceMs: number): void;
  pause(): void;
  resume(): void;
  /**
   * Stops; resolves once the recorder has delivered its last chunk (its 'stop' event), at once when
   * it is already inactive. May throw synchronously when the recorder is broken.
   */
  stop(): Promise<void>;
  /** Delivers the part of the current timeslice recorded so far as a chunk. */
  requestData(): void;
  /** Listens to recorded chunks (empty ones included; the controller skips them). */
  onData(listener: (blob: Blob) => void): void;
  /** Listens to the moment recording really began. */
  onStart(listener: () => void): void;
}

/** The live signal's analyser for the level meter, and how to release it. */
export interface LevelMeter {
  analyser: AnalyserNode;
  /** Closes the audio graph; never throws. */
  close(): void;
}

/** One of a recording's sources: the microphone, or the call's audio (a shared tab). */
export type SourceKind = 'microphone' | 'call';

/** Why a recording's input could not be opened. */
export type InputFailure =
  /** The microphone was refused or is missing. */
  | 'microphone'
  /** The browser's share picker was refused or closed. */
  | 'call-refused'
  /** A share was granted without audio (e.g. 'Share tab audio' not ticked). */
  | 'call-no-audio';

/** Thrown by {@link RecordingPorts.openInput}; nothing stays open when it is thrown. */
export class InputOpenError extends Error {
  constructor(
    readonly failure: InputFailure,
    options?: { cause?: unknown },
  ) {
    super(`Could not open the recording input: ${failure}`, options);
    this.name = 'InputOpenError';
  }
}

/**
 * The opened sources of a recording: the microphone alone (one channel), or the microphone (or
 * silence) on channel 0 and the call on channel 1 of one stream.
 */
export interface RecordingInput {
  /** A recorder of the whole input. @throws when the browser cannot record it */
  createRecorder(): RecorderPort;
  /** A level meter of one source, or null when absent or unavailable (never throws). */
  createLevelMeter(kind: SourceKind): LevelMeter | null;
  /** Calls `listener` when the source goes away (microphone unplugged, sharing stopped). */
  onEnded(kind: SourceKind, listener: () => void): void;
  /** Releases every source (stops their tracks) and the audio graph; never throws. */
  release(): void;
}

/** The background sender of one recording's chunks (see ChunkSender). */
export interface SenderPort {
  enqueue(index: number, blob: Blob): void;
  /** Resolves once every queued chunk is acknowledged. @throws when they could not be sent */
  flush(): Promise<void>;
  /** Stops sending; the chunks stay in IndexedDB. */
  dispose(): void;
}

/** Everything the recording controller does outside itself. */
export interface RecordingPorts {
  /**
   * Opens what `source` records: asks for the microphone, then for the call's audio (the
   * browser's share picker). @throws InputOpenError
   */
  openInput(source: RecordingSource): Promise<RecordingInput>;
  /** The browser's copy of recordings (IndexedDB) and the current-recording key (localStorage). */
  store: {
    putMeta(meta: RecordingMeta): Promise<void>;
    updateMeta(meetingId: string, patch: Partial<RecordingMeta>): Promise<void>;
    putChunk(meetingId: string, index: number, blob: Blob): Promise<void>;
    listChunks(meetingId: string): Promise<{ blob: Blob }[]>;
    deleteRecording(meetingId: string): Promise<void>;
    setCurrent(value: CurrentRecording): void;
    clearCurrent(meetingId: string): void;
  };
  /** The server's meeting and recording endpoints. */
  server: {
    /** @throws ApiRequestError when the server refuses */
    createMeeting(input: {
      title: string;
      date: Date;
      channels: ChannelLayout;
    }): Promise<{ id: string; title: string }>;
    /** @throws ApiRequestError */
    updateFlags(meetingId: string, flags: MeetingFlags): Promise<void>;
    /** @param durationMs recorded time, pauses excluded @throws ApiRequestError */
    stop(meetingId: string, durationMs: number): Promise<unknown>;
    /** A sender of the meeting's chunks; `onStop` when the server will take none again. */
    createSender(meetingId: string, onStop: (why: SenderStop) => void): SenderPort;
  };
  /** Time and scheduling. */
  clock: {
    /** A monotonic time in ms (performance.now()). */
    now(): number;
    /** The wall-clock time. */
    date(): Date;
    /** Calls `task` every `ms` ms until the returned function is called. */
    every(ms: number, task: () => void): () => void;
    /** Resolves after `ms` ms. */
    sleep(ms: number): Promise<void>;
  };
  /** Holds the named Web Lock until the returned function is called. */
  holdLock(name: string): Promise<() => void>;
  /** The source the user chose to record from (remembered per user), where it can be recorded. */
  chosenSource(userId: string | null): RecordingSource;
  /** The recording settings in force now (backup offer thresholds). */
  settings(): RecordingSettings;
  /** Saves a file to the downloads. */
  download(blob: Blob, fileName: string): void;
  /** Toasts. */
  notify: {
    success(title: string, description?: string): void;
    /** A neutral notice. */
    info(title: string, description: string): void;
    error(title: string, description?: string): void;
    /** A toast with one action button, shown for `durationMs` ms. */
    offer(
      title: string,
      description: string,
      action: { label: string; onClick: () => void },
      durationMs: number,
    ): void;
  };
}

/** What the controller learns from the React side, which may change while it lives. */
export interface RecordingHost {
  /** The signed-in user's id, stored with the local copy. */
  userId: string | null;
  /** Opens a route of the app, e.g. `/meeting/{id}`. */
  navigate(path: string): void;
  /** The meetings lists are stale (a meeting was created, stopped or ended). */
  meetingsChanged(): void;
  /** A stop failed and the local copy was kept, so recovery can be offered. */
  onLocalCopyKept?: () => void;
}
