/**
 * The recording controller's ports as the browser provides them: the microphone and a call's audio
 * (browser-recording-input.ts), IndexedDB, the server's endpoints, timers, Web Locks and toasts.
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
import { openBrowserInput } from './browser-recording-input';
import { browserCallCaptureSupport, usableSource } from './call-capture-support';
import type { RecordingPorts } from './recording-ports';
import { getRecordingSettings } from './recording-settings';
import { getRecordingSource } from './recording-source';

/** Whether this browser can record a call's audio; it does not change while the page lives. */
const callCapture = browserCallCaptureSupport();

/** The browser's ports, shared by every recording of the tab. */
export const browserRecordingPorts: RecordingPorts = {
  openInput: openBrowserInput,
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
  chosenSource: (userId) => usableSource(getRecordingSource(userId), callCapture),
  settings: getRecordingSettings,
  download: downloadBlob,
  notify: {
    success: (title, description) =>
      toast.success(title, description === undefined ? undefined : { description }),
    error: (title, description) =>
      toast.error(title, description === undefined ? undefined : { description }),
    info: (title, description) => toast(title, { description }),
    offer: (title, description, action, durationMs) =>
      toast(title, { description, duration: durationMs, action }),
  },
};
