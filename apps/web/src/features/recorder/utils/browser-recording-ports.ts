/**
 * The recording controller's ports as the browser provides them: getUserMedia, MediaRecorder and an
 * AudioContext analyser, IndexedDB, the server's endpoints, timers, Web Locks and toasts.
 */
import { toast } from '@/lib/toast';
import { createRecordingMeeting } from '../api/create-recording-meeting';
import { stopRecordingOnServer } from '../api/stop-recording';
import { updateMeetingFlags } from '../api/update-meeting-flags';
import { ChunkSender } from './chunk-sender';
import { clearCurrentRecording, setCurrentRecording } from './current-recording';
import { downloadBlob } from './download-blob';
import {
  deleteRecording,
  listChunks,
  putChunk,
  putRecordingMeta,
  updateRecordingMeta,
} from './recording-db';
import { holdLock } from './recording-lock';
import type { LevelMeter, MicrophoneInput, RecorderPort, RecordingPorts } from './recording-ports';
import { getRecordingSettings } from './recording-settings';

/** The microphone processing recordings use: echo cancellation, noise suppression, auto gain. */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
};

/** The recorder format asked for first: webm opus, which every supported browser records. */
const PREFERRED_MIME_TYPE = 'audio/webm;codecs=opus';

function recorderOf(stream: MediaStream): RecorderPort {
  const asked =
    typeof MediaRecorder.isTypeSupported === 'function' &&
    MediaRecorder.isTypeSupported(PREFERRED_MIME_TYPE)
      ? PREFERRED_MIME_TYPE
      : '';
  const recorder = new MediaRecorder(stream, asked ? { mimeType: asked } : undefined);
  return {
    get state() {
      return recorder.state;
    },
    mimeType: recorder.mimeType || asked || 'audio/webm',
    start: (timesliceMs) => recorder.start(timesliceMs),
    pause: () => recorder.pause(),
    resume: () => recorder.resume(),
    stop: () =>
      recorder.state === 'inactive'
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            recorder.addEventListener('stop', () => resolve(), { once: true });
            recorder.stop();
          }),
    requestData: () => recorder.requestData(),
    onData: (listener) =>
      recorder.addEventListener('dataavailable', (event: BlobEvent) => {
        if (event.data) listener(event.data);
      }),
    onStart: (listener) => recorder.addEventListener('start', listener),
  };
}

function levelMeterOf(stream: MediaStream): LevelMeter | null {
  let audioContext: AudioContext | null = null;
  try {
    audioContext = new AudioContext();
    const analyser = audioContext.createAnalyser();
    analyser.fftSize = 256;
    analyser.smoothingTimeConstant = 0.6;
    // A wider window than the default -100..-30 dB: speech after auto gain sits near the top of
    // the default one and would pin every bar at full height.
    analyser.minDecibels = -85;
    analyser.maxDecibels = -20;
    audioContext.createMediaStreamSource(stream).connect(analyser);
    if (audioContext.state === 'suspended') void audioContext.resume();
    const context = audioContext;
    return {
      analyser,
      close: () => {
        if (context.state !== 'closed') void context.close().catch(() => undefined);
      },
    };
  } catch (error) {
    console.warn('Level meter unavailable', error);
    // The recording goes on without a meter; do not leave a half-built graph running.
    void audioContext?.close().catch(() => undefined);
    return null;
  }
}

function microphoneOf(stream: MediaStream): MicrophoneInput {
  return {
    createRecorder: () => recorderOf(stream),
    createLevelMeter: () => levelMeterOf(stream),
    onEnded: (listener) => stream.getAudioTracks()[0]?.addEventListener('ended', listener),
    release: () => {
      for (const track of stream.getTracks()) track.stop();
    },
  };
}

/** The browser's ports, shared by every recording of the tab. */
export const browserRecordingPorts: RecordingPorts = {
  openMicrophone: async () =>
    microphoneOf(await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS)),
  store: {
    putMeta: putRecordingMeta,
    updateMeta: updateRecordingMeta,
    putChunk,
    listChunks,
    deleteRecording,
    setCurrent: setCurrentRecording,
    clearCurrent: clearCurrentRecording,
  },
  server: {
    createMeeting: createRecordingMeeting,
    updateFlags: updateMeetingFlags,
    stop: stopRecordingOnServer,
    createSender: (meetingId, onStop) => new ChunkSender(meetingId, { onStop }),
  },
  clock: {
    now: () => performance.now(),
    date: () => new Date(),
    every: (ms, task) => {
      const timer = setInterval(task, ms);
      return () => clearInterval(timer);
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  },
  holdLock,
  settings: getRecordingSettings,
  download: downloadBlob,
  notify: {
    success: (title, description) =>
      toast.success(title, description === undefined ? undefined : { description }),
    error: (title, description) =>
      toast.error(title, description === undefined ? undefined : { description }),
    offer: (title, description, action, durationMs) =>
      toast(title, { description, duration: durationMs, action }),
  },
};
