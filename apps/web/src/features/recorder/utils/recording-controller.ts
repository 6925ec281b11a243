/**
 * This tab's recording, without React: microphone and call audio, recorder, timer, chunk persistence and sending,
 * stop and its failures. Every chunk is written to IndexedDB before it is sent, so a closed tab or
 * a failed stop loses no audio: the local copy stays for recovery. The UI state is the pure
 * reducer's (recording-machine.ts); the world is reached through injected ports.
 */
import { backupFileName, shouldOfferBackup } from '@summy/core';
import type { StartRecordingOptions } from '../hooks/use-recorder';
import type { SenderStop } from './chunk-sender';
import { recordingLockName } from './recording-lock';
import {
  IDLE_SNAPSHOT,
  transition,
  type RecordingEvent,
  type RecordingSnapshot,
} from './recording-machine';
import { closeMedia, handOver, stopQuietly, type LiveRecording } from './live-recording';
import { MICROPHONE_FAILED, openRecording, type OpenedRecording } from './open-recording';
import type { RecordingHost, RecordingPorts } from './recording-ports';
import { channelsOf, recordsMicrophone } from './recording-source';

/** A chunk every 1000 ms: at most a second of audio is only in memory. */
export const TIMESLICE_MS = 1000;

/** How often the timer text is refreshed, in ms (it shows whole seconds). */
export const TICK_MS = 200;

/** The toast when the user stops sharing the call: the microphone goes on alone. */
export const CALL_AUDIO_ENDED = {
  title: 'Call audio ended',
  description: 'Recording goes on with your microphone.',
  /** When the call was the only source, the recording ends with it. */
  callOnly: 'Sharing stopped, so the recording stopped.',
};

/**
 * The tab's recording session: subscribe to its snapshot and call its actions. Actions asked for
 * in a state that does not allow them (pause while idle, a second start) do nothing.
 */
export class RecordingController {
  private snapshot: RecordingSnapshot = IDLE_SNAPSHOT;
  private readonly listeners = new Set<() => void>();
  private live: LiveRecording | null = null;
  private stopTicking: (() => void) | null = null;
  private host: RecordingHost = { userId: null, navigate: () => {}, meetingsChanged: () => {} };

  constructor(private readonly ports: RecordingPorts) {}

  /** The UI state now; the same object until it changes. */
  getSnapshot = (): RecordingSnapshot => this.snapshot;

  /** Calls `listener` after each change of the snapshot; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Replaces what the React side provides (user, navigation, cache, recovery). */
  configure(host: RecordingHost): void {
    this.host = host;
  }

  /** True while a recording runs, is paused or is being stopped in this tab. */
  get hasRecording(): boolean {
    return this.live !== null;
  }

  private dispatch(event: RecordingEvent): boolean {
    const next = transition(this.snapshot, event);
    if (next === this.snapshot) return false;
    this.snapshot = next;
    // The timer runs exactly while recording.
    if (next.state === 'recording' && !this.stopTicking) {
      this.stopTicking = this.ports.clock.every(TICK_MS, () => {
        if (this.live) this.dispatch({ type: 'tick', elapsedMs: this.elapsed(this.live) });
      });
    } else if (next.state !== 'recording' && this.stopTicking) {
      this.stopTicking();
      this.stopTicking = null;
    }
    for (const listener of this.listeners) listener();
    return true;
  }

  private elapsed(live: LiveRecording): number {
    const running = live.segmentStart === null ? 0 : this.ports.clock.now() - live.segmentStart;
    return live.accumulatedMs + running;
  }

  private releaseMedia(live: LiveRecording): void {
    closeMedia(live);
    this.dispatch({ type: 'mediaReleased' });
  }

  /**
   * Opens the chosen source (`options.source`, else the user's remembered one), creates the
   * meeting, starts recording, runs `options.onMeetingCreated` and opens the meeting. Never
   * throws: failures are toasts.
   */
  start = async (options: StartRecordingOptions = {}): Promise<void> => {
    if (this.live || !this.dispatch({ type: 'startRequested' })) return;
    try {
      const opened = await openRecording(this.ports, (event) => this.dispatch(event), {
        title: options.title,
        source: options.source ?? this.ports.chosenSource(this.host.userId),
        useMicrophone: () => void this.start({ ...options, source: 'microphone' }),
      });
      if (!opened) return;
      const { meeting } = opened;
      await this.goLive(opened);
      // The recording already runs: a slow or failed link costs no audio, and the meeting page
      // opens with the link in place.
      if (options.onMeetingCreated) {
        await options.onMeetingCreated(meeting.id).catch((error: unknown) => {
          console.warn('After-start step failed', error);
        });
      }
      this.host.meetingsChanged();
      this.host.navigate(`/meeting/${meeting.id}`);
    } finally {
      this.dispatch({ type: 'startSettled' });
    }
  };

  /** Holds the lock, keeps the recording's meta locally, starts the recorder and the timer. */
  private async goLive(opened: OpenedRecording): Promise<void> {
    const { ports } = this;
    const { source, input, meeting, recorder, now } = opened;
    // The level meters read the live signals; without them the recording goes on.
    const meters = {
      microphone: recordsMicrophone(source) ? input.createLevelMeter('microphone') : null,
      call: source === 'microphone' ? null : input.createLevelMeter('call'),
    };
    const releaseLock = await ports.holdLock(recordingLockName(meeting.id));
    const startedAt = now.toISOString();
    const live: LiveRecording = {
      meetingId: meeting.id,
      title: meeting.title,
      source,
      input,
      recorder,
      meters,
      callEnded: false,
      // 409 after our own stop is expected (abandon refuses it while processing); otherwise
      // the meeting ended elsewhere.
      sender: ports.server.createSender(meeting.id, (why) => this.abandon(live, why)),
      nextIndex: 0,
      bytes: 0,
      accumulatedMs: 0,
      segmentStart: null,
      writes: Promise.resolve(),
      backupOffered: false,
      releaseLock,
    };
    await ports.store
      .putMeta({
        meetingId: meeting.id,
        userId: this.host.userId,
        title: meeting.title,
        startedAt,
        durationMs: 0,
        mimeType: recorder.mimeType,
        channels: channelsOf(source),
        updatedAt: startedAt,
      })
      .catch((error: unknown) => console.warn('Could not keep the recording locally', error));
    ports.store.setCurrent({ meetingId: meeting.id, title: meeting.title, startedAt });

    recorder.onData((blob) => this.keepChunk(live, blob));
    recorder.onStart(() => {
      live.segmentStart = ports.clock.now();
    });
    // The microphone went away (unplugged, permission revoked): finish what was recorded.
    input.onEnded('microphone', () => void this.stop());
    input.onEnded('call', () => this.callEnded(live));

    this.live = live;
    recorder.start(TIMESLICE_MS);
    live.segmentStart ??= ports.clock.now();
    this.dispatch({
      type: 'started',
      meetingId: meeting.id,
      title: meeting.title,
      source,
      analyser: meters.microphone?.analyser ?? null,
      callAnalyser: meters.call?.analyser ?? null,
    });
  }

  /**
   * The user stopped sharing the call: the recording goes on with the microphone and the meeting
   * notes when (in seconds of recorded time); a call-only recording ends with it.
   */
  private callEnded(live: LiveRecording): void {
    if (this.live !== live || live.callEnded) return;
    live.callEnded = true;
    if (!recordsMicrophone(live.source)) {
      this.ports.notify.info(CALL_AUDIO_ENDED.title, CALL_AUDIO_ENDED.callOnly);
      void this.stop();
      return;
    }
    const seconds = Math.round(this.elapsed(live) / 100) / 10;
    live.meters.call?.close();
    this.dispatch({ type: 'callAudioEnded' });
    this.ports.notify.info(CALL_AUDIO_ENDED.title, CALL_AUDIO_ENDED.description);
    void this.ports.server
      .updateFlags(live.meetingId, { callAudioEndedAt: seconds })
      .catch((error: unknown) => console.warn('Could not note when the call audio ended', error));
  }

  /** A recorded chunk: stored first, then sent, so an acknowledged chunk is always stored. */
  private keepChunk(live: LiveRecording, blob: Blob): void {
    if (blob.size === 0) return;
    const { store } = this.ports;
    const index = live.nextIndex++;
    live.bytes += blob.size;
    this.dispatch({ type: 'chunkRecorded', totalBytes: live.bytes });
    const durationMs = this.elapsed(live);
    live.writes = live.writes
      .then(() => store.putChunk(live.meetingId, index, blob))
      .catch((error: unknown) => console.warn('Could not keep a chunk locally', error))
      .then(() => {
        live.sender.enqueue(index, blob);
        return store.updateMeta(live.meetingId, { durationMs });
      })
      .catch(() => undefined);
    this.offerBackup(live);
  }

  /** A long recording: offer once to save a copy to the downloads. */
  private offerBackup(live: LiveRecording): void {
    if (live.backupOffered) return;
    const size = { bytes: live.bytes, elapsedMs: this.elapsed(live) };
    if (!shouldOfferBackup(this.ports.settings(), size)) return;
    live.backupOffered = true;
    this.ports.notify.offer(
      'Back up this recording?',
      'It is getting long. Save a copy to your downloads so nothing can be lost.',
      { label: 'Save backup', onClick: () => void this.save() },
      20_000,
    );
  }

  /** Pauses the recorder and marks the meeting paused. */
  pause = (): void => {
    const live = this.live;
    if (!live || live.recorder.state !== 'recording') return;
    const elapsedMs = this.elapsed(live);
    if (!this.dispatch({ type: 'paused', elapsedMs })) return;
    live.recorder.pause();
    live.accumulatedMs = elapsedMs;
    live.segmentStart = null;
    const { store, server } = this.ports;
    void store
      .updateMeta(live.meetingId, { durationMs: live.accumulatedMs })
      .catch(() => undefined);
    void server
      .updateFlags(live.meetingId, { isPaused: true })
      .catch((error: unknown) => console.warn('Could not mark the meeting paused', error));
  };

  /** Resumes a paused recording. */
  resume = (): void => {
    const live = this.live;
    if (!live || live.recorder.state !== 'paused') return;
    if (!this.dispatch({ type: 'resumed' })) return;
    live.recorder.resume();
    live.segmentStart = this.ports.clock.now();
    void this.ports.server
      .updateFlags(live.meetingId, { isPaused: false })
      .catch((error: unknown) => console.warn('Could not mark the meeting resumed', error));
  };

  /**
   * Stops, makes sure every chunk is on the server and asks it to process the meeting. On failure
   * the meeting's flags are cleared and the local copy is kept for recovery. Never throws.
   */
  stop = async (): Promise<void> => {
    const live = this.live;
    if (!live) return;
    const { ports } = this;
    const durationMs = this.elapsed(live);
    // Refused while a stop already runs (or the recording ended elsewhere).
    if (!this.dispatch({ type: 'stopRequested', elapsedMs: durationMs })) return;
    live.accumulatedMs = durationMs;
    live.segmentStart = null;
    let keptLocalCopy = false;
    try {
      keptLocalCopy = await handOver(ports, live, durationMs, () => this.releaseMedia(live));
    } finally {
      live.releaseLock();
      this.host.meetingsChanged();
      this.live = null;
      this.dispatch({ type: 'finished' });
      if (keptLocalCopy) this.host.onLocalCopyKept?.();
    }
  };

  /** The meeting was deleted or stopped elsewhere: clean up without processing. */
  private abandon(live: LiveRecording, why: SenderStop): void {
    if (this.live !== live || !this.dispatch({ type: 'abandoned' })) return;
    live.sender.dispose();
    stopQuietly(live.recorder);
    this.releaseMedia(live);
    live.releaseLock();
    if (why.reason === 'gone') {
      void this.ports.store.deleteRecording(live.meetingId).catch(() => undefined);
      this.ports.store.clearCurrent(live.meetingId);
    }
    this.live = null;
  }

  /** Downloads the audio recorded so far as `meeting-{title}-{timestamp}.webm`. Never throws. */
  save = async (): Promise<void> => {
    const live = this.live;
    if (!live) return;
    const { ports } = this;
    try {
      // Flush the part of the current second too, so the file holds everything so far.
      if (live.recorder.state === 'recording') live.recorder.requestData();
      await ports.clock.sleep(50);
      await live.writes;
      const chunks = await ports.store.listChunks(live.meetingId);
      if (chunks.length === 0) throw new Error('No audio yet');
      const blob = new Blob(
        chunks.map((c) => c.blob),
        { type: 'audio/webm' },
      );
      ports.download(blob, backupFileName(live.title, ports.clock.date()));
      ports.notify.success('Recording saved');
    } catch (error) {
      console.error('Save failed', error);
      ports.notify.error('Save failed', 'Failed to save recording to downloads');
    }
  };

  /** 'Check permissions again': asks for the microphone again; back to idle when granted. */
  checkPermission = async (): Promise<void> => {
    try {
      const microphone = await this.ports.openInput('microphone');
      microphone.release();
      this.dispatch({ type: 'permissionGranted' });
    } catch (error) {
      console.error('getUserMedia failed again', error);
      this.dispatch({ type: 'permissionDenied' });
      this.ports.notify.error(MICROPHONE_FAILED.title, MICROPHONE_FAILED.description);
    }
  };

  /** The page is going away: push the current second to IndexedDB while it still can. */
  flushForPageHide(): void {
    if (this.live?.recorder.state === 'recording') this.live.recorder.requestData();
  }

  /**
   * Releases the microphone and stops sending without processing (sign-out unmounts the
   * recorder); the local copy stays for recovery.
   */
  dispose(): void {
    const live = this.live;
    if (!live) return;
    this.live = null;
    live.sender.dispose();
    stopQuietly(live.recorder);
    closeMedia(live);
    live.releaseLock();
    this.dispatch({ type: 'disposed' });
  }
}
