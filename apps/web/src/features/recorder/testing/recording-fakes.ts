/**
 * In-memory stand-ins for the recording controller's ports, for its unit tests: a recorder whose
 * chunks the test emits, a microphone that can be unplugged and a call whose share can stop, an IndexedDB copy held in a Map, a
 * server whose answers the test sets, a clock the test moves, and a log of every effect in order.
 */
import { DEFAULT_RECORDING_SETTINGS } from '@summy/core';
import type { SenderStop } from '../utils/chunk-sender';
import type { RecordingMeta } from '../utils/recording-db';
import {
  InputOpenError,
  type InputFailure,
  type RecorderPort,
  type RecordingInput,
  type RecordingPorts,
  type SenderPort,
  type SourceKind,
} from '../utils/recording-ports';
import type { RecordingSource } from '../utils/recording-source';

/** A MediaRecorder the test drives: `emit` delivers a chunk as 'dataavailable' would. */
export class FakeRecorder implements RecorderPort {
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  readonly mimeType = 'audio/webm;codecs=opus';
  requests = 0;
  /** Bytes of the chunk the recorder still holds; delivered on stop or requestData. */
  pendingBytes = 0;
  private dataListeners: ((blob: Blob) => void)[] = [];
  private startListeners: (() => void)[] = [];

  start(): void {
    this.state = 'recording';
    for (const listener of this.startListeners) listener();
  }
  pause(): void {
    this.state = 'paused';
  }
  resume(): void {
    this.state = 'recording';
  }
  async stop(): Promise<void> {
    this.flushPending();
    this.state = 'inactive';
  }
  requestData(): void {
    this.requests += 1;
    this.flushPending();
  }
  onData(listener: (blob: Blob) => void): void {
    this.dataListeners.push(listener);
  }
  onStart(listener: () => void): void {
    this.startListeners.push(listener);
  }
  /** Delivers a chunk of `bytes` bytes. */
  emit(bytes: number): void {
    const blob = new Blob([new Uint8Array(bytes)]);
    for (const listener of this.dataListeners) listener(blob);
  }
  private flushPending(): void {
    if (this.pendingBytes > 0) this.emit(this.pendingBytes);
    this.pendingBytes = 0;
  }
}

/** The fakes and what they saw. */
export interface FakeWorld {
  ports: RecordingPorts;
  /** Every side effect, in order, as short strings (e.g. 'putChunk m1 0', 'enqueue 0'). */
  log: string[];
  recorder: FakeRecorder;
  /** The local copies by meeting: meta and chunk sizes by index. */
  local: Map<string, { meta: RecordingMeta; chunks: Map<number, Blob> }>;
  /** Monotonic time the clock reports, ms; tests move it. */
  time: { now: number };
  /** Runs the interval task registered by the controller, if any. */
  tick(): void;
  /** True while the controller keeps an interval running. */
  ticking(): boolean;
  /** Stops the meeting's sender as the server would (404 'gone' or 409 'stopped'). */
  senderStops(why: SenderStop['reason']): void;
  /** Unplugs the microphone. */
  unplug(): void;
  /** Stops sharing the call, as the browser's 'Stop sharing' does. */
  endCall(): void;
  /** Makes the next microphone request fail. */
  denyMicrophone: { value: boolean };
  /** Makes the next request for the call's audio fail this way. */
  callFailure: { value: InputFailure | null };
  /** The source the user chose under 'Record from'. */
  chosen: { value: RecordingSource };
  /** The action buttons of the toasts offered so far, by toast title. */
  offers: Map<string, () => void>;
  /** What flush does: resolve, or throw this error (the chunks could not be sent). */
  flushError: { value: unknown };
  /** What the server's stop does: resolve, or throw this error. */
  stopError: { value: unknown };
  /** Makes createRecorder throw. */
  recorderFails: { value: boolean };
}

/** A fresh world of fakes. */
export function createFakeWorld(): FakeWorld {
  const log: string[] = [];
  const recorder = new FakeRecorder();
  const local: FakeWorld['local'] = new Map();
  const time = { now: 0 };
  const denyMicrophone = { value: false };
  const flushError: { value: unknown } = { value: null };
  const stopError: { value: unknown } = { value: null };
  const recorderFails = { value: false };
  const callFailure: FakeWorld['callFailure'] = { value: null };
  const chosen: FakeWorld['chosen'] = { value: 'microphone' };
  const offers: FakeWorld['offers'] = new Map();
  let interval: (() => void) | null = null;
  const ended = new Map<SourceKind, () => void>();
  let senderOnStop: ((why: SenderStop) => void) | null = null;

  const input: RecordingInput = {
    createRecorder: () => {
      if (recorderFails.value) throw new Error('NotSupportedError');
      return recorder;
    },
    createLevelMeter: (kind) => ({
      analyser: { kind } as unknown as AnalyserNode,
      close: () => log.push(`meter closed ${kind}`),
    }),
    onEnded: (kind, listener) => {
      ended.set(kind, listener);
    },
    release: () => log.push('input released'),
  };

  const sender: SenderPort = {
    enqueue: (index) => log.push(`enqueue ${index}`),
    flush: async () => {
      log.push('flush');
      if (flushError.value) throw flushError.value;
    },
    dispose: () => log.push('sender disposed'),
  };

  const ports: RecordingPorts = {
    openInput: async (source) => {
      log.push(`openInput ${source}`);
      if (source !== 'call' && denyMicrophone.value) throw new InputOpenError('microphone');
      if (source !== 'microphone' && callFailure.value) {
        throw new InputOpenError(callFailure.value);
      }
      return input;
    },
    store: {
      putMeta: async (meta) => {
        log.push(`putMeta ${meta.meetingId}`);
        local.set(meta.meetingId, { meta, chunks: new Map() });
      },
      updateMeta: async (meetingId, patch) => {
        const entry = local.get(meetingId);
        if (entry) entry.meta = { ...entry.meta, ...patch };
      },
      putChunk: async (meetingId, index, blob) => {
        log.push(`putChunk ${meetingId} ${index}`);
        local.get(meetingId)?.chunks.set(index, blob);
      },
      listChunks: async (meetingId) =>
        [...(local.get(meetingId)?.chunks.values() ?? [])].map((blob) => ({ blob })),
      deleteRecording: async (meetingId) => {
        log.push(`deleteRecording ${meetingId}`);
        local.delete(meetingId);
      },
      setCurrent: (value) => log.push(`setCurrent ${value.meetingId}`),
      clearCurrent: (meetingId) => log.push(`clearCurrent ${meetingId}`),
    },
    server: {
      createMeeting: async ({ title, channels }) => {
        log.push(`createMeeting ${title}${channels ? ` ${JSON.stringify(channels)}` : ''}`);
        return { id: 'm1', title };
      },
      updateFlags: async (meetingId, flags) => {
        log.push(`updateFlags ${meetingId} ${JSON.stringify(flags)}`);
      },
      stop: async (meetingId, durationMs) => {
        log.push(`stop ${meetingId} ${durationMs}`);
        if (stopError.value) throw stopError.value;
      },
      createSender: (_meetingId, onStop) => {
        senderOnStop = onStop;
        return sender;
      },
    },
    clock: {
      now: () => time.now,
      date: () => new Date('2026-03-05T14:30:00Z'),
      every: (_ms, task) => {
        interval = task;
        return () => {
          interval = null;
        };
      },
      sleep: async () => undefined,
    },
    holdLock: async (name) => {
      log.push(`lock ${name}`);
      return () => log.push(`unlock ${name}`);
    },
    chosenSource: () => chosen.value,
    settings: () => DEFAULT_RECORDING_SETTINGS,
    download: (blob, fileName) => log.push(`download ${fileName} ${blob.size}`),
    notify: {
      success: (title, description) =>
        log.push(`toast ${title}${description ? `: ${description}` : ''}`),
      info: (title, description) => log.push(`info ${title}: ${description}`),
      error: (title, description) => log.push(`error ${title}: ${description ?? ''}`),
      offer: (title, _description, action) => {
        log.push(`offer ${title}`);
        offers.set(title, action.onClick);
      },
    },
  };

  return {
    ports,
    log,
    recorder,
    local,
    time,
    tick: () => interval?.(),
    ticking: () => interval !== null,
    senderStops: (reason) =>
      senderOnStop?.({ reason, error: new Error(reason) as unknown as SenderStop['error'] }),
    unplug: () => ended.get('microphone')?.(),
    endCall: () => ended.get('call')?.(),
    denyMicrophone,
    callFailure,
    chosen,
    offers,
    flushError,
    stopError,
    recorderFails,
  };
}
