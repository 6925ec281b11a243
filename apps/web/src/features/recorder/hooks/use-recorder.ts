import { createContext, useContext } from 'react';
import type { RecordingSource } from '../utils/recording-source';
import type { UploadFileChoice } from './use-upload-file';

/**
 * Where the recorder is: `idle` ready to record, `recording`/`paused` while a MediaRecorder runs in
 * this tab, `processing` while a stop or an upload is being handed to the server, `denied` after
 * the microphone was refused.
 */
export type RecorderState = 'idle' | 'recording' | 'paused' | 'processing' | 'denied';

/**
 * How a recording starts when it is started from somewhere that knows more than the recorder, e.g.
 * the Home dashboard's 'Record' on a calendar event.
 */
export interface StartRecordingOptions {
  /** The meeting's title; default the day, short month and time. */
  title?: string;
  /** What to record; default the user's remembered choice ('Record from'). */
  source?: RecordingSource;
  /**
   * Runs once the meeting exists and the recorder runs, before the meeting page opens (e.g. links
   * the calendar event). A failure is the caller's to report; the recording goes on regardless.
   */
  onMeetingCreated?: (meetingId: string) => Promise<unknown>;
}

/** What {@link useRecorder} gives: the recorder's state and its actions. */
export interface RecorderContextValue {
  state: RecorderState;
  /** The meeting being recorded (or processed after stop / upload), else null. */
  meetingId: string | null;
  /** That meeting's title, else null. */
  title: string | null;
  /** Recorded time in milliseconds, pauses excluded. */
  elapsedMs: number;
  /** True while an upload is being sent from this tab (the hint reads 'Processing uploaded file...'). */
  uploading: boolean;
  /** True between 'Start Recording' and the recorder running (microphone prompt, meeting creation). */
  isStarting: boolean;
  /** Bytes of audio recorded so far (Save appears once it is above zero). */
  recordedBytes: number;
  /** The microphone's analyser for its level meter; null when not recording it. */
  analyser: AnalyserNode | null;
  /** The call audio's analyser for its level meter; null when not recording a call. */
  callAnalyser: AnalyserNode | null;
  /** What the running recording records; null when nothing is recorded. */
  source: RecordingSource | null;
  /** True once the user stopped sharing the call mid-recording (the microphone goes on). */
  callEnded: boolean;
  /** The user's choice under 'Record from' (remembered per user), where this browser allows it. */
  chosenSource: RecordingSource;
  /** Changes and remembers the user's choice under 'Record from'. */
  chooseSource(source: RecordingSource): void;
  /**
   * Opens the chosen source (microphone, call audio), creates the meeting, starts recording, runs
   * `options.onMeetingCreated` and navigates to the meeting.
   */
  start(options?: StartRecordingOptions): Promise<void>;
  /** Pauses the MediaRecorder and marks the meeting paused. */
  pause(): void;
  /** Resumes a paused recording. */
  resume(): void;
  /** Stops, makes sure every chunk is on the server and asks it to process the meeting. */
  stop(): Promise<void>;
  /** Downloads the audio recorded so far as `meeting-{title}-{timestamp}.webm`. */
  save(): Promise<void>;
  /** 'Check permissions again': asks for the microphone again; back to idle when granted. */
  checkPermission(): Promise<void>;
  /**
   * Validates and uploads an audio or video file, then navigates to the new meeting. Never throws:
   * refusals and failures are toasts.
   */
  uploadFile(file: File, choice?: UploadFileChoice): Promise<void>;
}

/** The recorder's React context; provided by `RecorderProvider` around the app shell. */
export const RecorderContext = createContext<RecorderContextValue | null>(null);

/**
 * The recorder of this tab (recording, stop, upload). Throws when used outside
 * `RecorderProvider`, which is a programming error.
 */
export function useRecorder(): RecorderContextValue {
  const value = useContext(RecorderContext);
  if (!value) throw new Error('useRecorder must be used inside RecorderProvider');
  return value;
}
