/**
 * The first steps of a start: open what the chosen source records (microphone, call audio), create
 * the meeting with its channel layout, and create the recorder. Each failure is undone (nothing
 * stays open), dispatched to the recorder's state and shown in plain words.
 */
import { recordingTitle } from '@summy/core';
import type { RecordingEvent } from './recording-machine';
import {
  InputOpenError,
  type RecorderPort,
  type RecordingInput,
  type RecordingPorts,
} from './recording-ports';
import { channelsOf, type RecordingSource } from './recording-source';

/** The microphone failure toast's words. */
export const MICROPHONE_FAILED = {
  title: 'Recording failed',
  description: 'Could not access microphone. Please check permissions.',
};

/** The toast of a share granted without audio: nothing is recorded. */
export const NO_CALL_AUDIO = {
  title: 'The shared tab has no audio',
  description: "Tick 'Share tab audio' in the browser's picker, or record the microphone alone.",
};

/** The toast of a refused share, which offers the microphone alone. */
export const CALL_NOT_SHARED = {
  title: 'Call audio not shared',
  description: 'Nothing was shared, so nothing is recorded. Record your microphone alone instead?',
  action: 'Use microphone',
};

/** What a start opened before going live: the input, the meeting and its recorder. */
export interface OpenedRecording {
  source: RecordingSource;
  input: RecordingInput;
  meeting: { id: string; title: string };
  recorder: RecorderPort;
  /** The start's date, read once the input was granted; it names and dates the meeting. */
  now: Date;
}

/** What a start asks for. */
export interface OpenRequest {
  /** The meeting's title; default the day, short month and time. */
  title: string | undefined;
  source: RecordingSource;
  /** Starts a microphone-only recording: the refused share's 'Use microphone'. */
  useMicrophone: () => void;
}

/** Opens the input, or dispatches, shows and returns null. */
async function openInput(
  ports: RecordingPorts,
  dispatch: (event: RecordingEvent) => void,
  { source, useMicrophone }: OpenRequest,
): Promise<RecordingInput | null> {
  try {
    return await ports.openInput(source);
  } catch (error) {
    const failure = error instanceof InputOpenError ? error.failure : 'microphone';
    console.error('Opening the recording input failed', error);
    if (failure === 'microphone') {
      dispatch({ type: 'microphoneDenied' });
      ports.notify.error(MICROPHONE_FAILED.title, MICROPHONE_FAILED.description);
    } else if (failure === 'call-no-audio') {
      dispatch({ type: 'startFailed' });
      ports.notify.error(NO_CALL_AUDIO.title, NO_CALL_AUDIO.description);
    } else {
      dispatch({ type: 'startFailed' });
      const action = { label: CALL_NOT_SHARED.action, onClick: useMicrophone };
      ports.notify.offer(CALL_NOT_SHARED.title, CALL_NOT_SHARED.description, action, 20_000);
    }
    return null;
  }
}

/**
 * The input, the meeting (titled `request.title`, else by the date; with the source's channel
 * layout) and the recorder of a start; null when one of them failed, after the failure was
 * dispatched, undone and shown.
 */
export async function openRecording(
  ports: RecordingPorts,
  dispatch: (event: RecordingEvent) => void,
  request: OpenRequest,
): Promise<OpenedRecording | null> {
  const input = await openInput(ports, dispatch, request);
  if (!input) return null;

  const now = ports.clock.date();
  const title = request.title?.trim() || recordingTitle(now);
  let meeting: { id: string; title: string };
  try {
    meeting = await ports.server.createMeeting({
      title,
      date: now,
      channels: channelsOf(request.source),
    });
  } catch (error) {
    console.error('Creating the recording meeting failed', error);
    input.release();
    dispatch({ type: 'startFailed' });
    ports.notify.error('Recording failed', 'Failed to start recording');
    return null;
  }

  try {
    return { source: request.source, input, meeting, recorder: input.createRecorder(), now };
  } catch (error) {
    console.error('MediaRecorder failed', error);
    input.release();
    await ports.server.updateFlags(meeting.id, { isRecording: false }).catch(() => undefined);
    dispatch({ type: 'startFailed' });
    ports.notify.error('Recording failed', 'Failed to start recording');
    return null;
  }
}
