/**
 * A recording's input as the browser opens it: the microphone (getUserMedia, with echo
 * cancellation, noise suppression and auto gain), and for a call the shared tab's audio
 * (getDisplayMedia, with every processing off so the call is recorded as heard). A call is
 * recorded as two channels of one stream: a Web Audio ChannelMergerNode puts the microphone (or
 * silence) on channel 0 and the call on channel 1 into a MediaStreamAudioDestinationNode, whose
 * stream feeds the same MediaRecorder path as the microphone alone. Nothing is played back: the
 * browser's echo canceller does not take Web Audio output as its reference, so playing the call
 * through it would put the call into the microphone.
 */
import {
  InputOpenError,
  type LevelMeter,
  type RecorderPort,
  type RecordingInput,
} from './recording-ports';
import { recordsCall, recordsMicrophone, type RecordingSource } from './recording-source';

/** The microphone processing recordings use: echo cancellation, noise suppression, auto gain. */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
};

/**
 * What the share picker asks for: a tab (or, where the OS allows, the system) with its audio
 * unprocessed and still heard locally. Video is required by the API; it is stopped at once.
 */
export const DISPLAY_MEDIA_OPTIONS = {
  video: true,
  audio: {
    echoCancellation: false,
    noiseSuppression: false,
    autoGainControl: false,
    suppressLocalAudioPlayback: false,
  },
  systemAudio: 'include',
  selfBrowserSurface: 'exclude',
} as DisplayMediaStreamOptions;

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

/** A level meter's analyser of `node`'s signal, on `node`'s context. */
function analyserOf(node: AudioNode): AnalyserNode {
  const analyser = node.context.createAnalyser();
  analyser.fftSize = 256;
  analyser.smoothingTimeConstant = 0.6;
  // A wider window than the default -100..-30 dB: speech after auto gain sits near the top of
  // the default one and would pin every bar at full height.
  analyser.minDecibels = -85;
  analyser.maxDecibels = -20;
  node.connect(analyser);
  return analyser;
}

function closeQuietly(context: AudioContext | null): void {
  if (context && context.state !== 'closed') void context.close().catch(() => undefined);
}

/** A level meter of a stream on a context of its own (the microphone recorded alone). */
function levelMeterOf(stream: MediaStream): LevelMeter | null {
  let audioContext: AudioContext | null = null;
  try {
    audioContext = new AudioContext();
    const analyser = analyserOf(audioContext.createMediaStreamSource(stream));
    if (audioContext.state === 'suspended') void audioContext.resume();
    const context = audioContext;
    return { analyser, close: () => closeQuietly(context) };
  } catch (error) {
    console.warn('Level meter unavailable', error);
    // The recording goes on without a meter; do not leave a half-built graph running.
    closeQuietly(audioContext);
    return null;
  }
}

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

function onTrackEnded(stream: MediaStream | null, listener: () => void): void {
  stream?.getAudioTracks()[0]?.addEventListener('ended', listener);
}

/** The microphone recorded alone: one channel, as before calls could be recorded. */
function microphoneInput(stream: MediaStream): RecordingInput {
  return {
    createRecorder: () => recorderOf(stream),
    createLevelMeter: (kind) => (kind === 'microphone' ? levelMeterOf(stream) : null),
    onEnded: (kind, listener) => {
      if (kind === 'microphone') onTrackEnded(stream, listener);
    },
    release: () => stopTracks(stream),
  };
}

/** The merging graph of a call: each source's node, and the two-channel stream recorded. */
interface CallGraph {
  context: AudioContext;
  sources: { microphone: AudioNode | null; call: AudioNode };
  stream: MediaStream;
}

function callGraphOf(microphone: MediaStream | null, call: MediaStream): CallGraph {
  const context = new AudioContext();
  try {
    const merger = context.createChannelMerger(2);
    const destination = context.createMediaStreamDestination();
    destination.channelCount = 2;
    destination.channelCountMode = 'explicit';
    destination.channelInterpretation = 'discrete';
    merger.connect(destination);
    // Each merger input is one channel: a stereo tab is mixed down to mono on channel 1. An input
    // left unconnected (call audio only) is silence on channel 0.
    const mine = microphone ? context.createMediaStreamSource(microphone) : null;
    mine?.connect(merger, 0, 0);
    const theirs = context.createMediaStreamSource(call);
    theirs.connect(merger, 0, 1);
    if (context.state === 'suspended') void context.resume();
    return { context, sources: { microphone: mine, call: theirs }, stream: destination.stream };
  } catch (error) {
    closeQuietly(context);
    throw error;
  }
}

/** A call recorded as two channels: the microphone (or silence) on 0, the call on 1. */
function callInput(microphone: MediaStream | null, call: MediaStream): RecordingInput {
  let graph: CallGraph | null = null;
  const built = () => (graph ??= callGraphOf(microphone, call));
  return {
    createRecorder: () => recorderOf(built().stream),
    createLevelMeter: (kind) => {
      try {
        const source = built().sources[kind];
        if (!source) return null;
        const analyser = analyserOf(source);
        // The graph's context is closed on release; the meter only lets go of its node.
        return { analyser, close: () => analyser.disconnect() };
      } catch (error) {
        console.warn('Level meter unavailable', error);
        return null;
      }
    },
    onEnded: (kind, listener) => onTrackEnded(kind === 'call' ? call : microphone, listener),
    release: () => {
      stopTracks(microphone);
      stopTracks(call);
      closeQuietly(graph?.context ?? null);
    },
  };
}

async function openMicrophone(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
  } catch (error) {
    throw new InputOpenError('microphone', { cause: error });
  }
}

/** The share picker's stream, its video stopped; throws when refused or without audio. */
async function openCall(): Promise<MediaStream> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getDisplayMedia(DISPLAY_MEDIA_OPTIONS);
  } catch (error) {
    throw new InputOpenError('call-refused', { cause: error });
  }
  // Only the audio is recorded: the video is not even kept running.
  for (const track of stream.getVideoTracks()) track.stop();
  if (stream.getAudioTracks().length === 0) {
    stopTracks(stream);
    throw new InputOpenError('call-no-audio');
  }
  return stream;
}

/**
 * Opens what `source` records: the microphone first (its prompt), then the share picker. Nothing
 * stays open when either fails.
 *
 * @throws InputOpenError 'microphone', 'call-refused' or 'call-no-audio'
 */
export async function openBrowserInput(source: RecordingSource): Promise<RecordingInput> {
  const microphone = recordsMicrophone(source) ? await openMicrophone() : null;
  if (!recordsCall(source)) return microphoneInput(microphone!);
  try {
    return callInput(microphone, await openCall());
  } catch (error) {
    stopTracks(microphone);
    throw error;
  }
}
