/**
 * The tab's recording as React sees it: a thin hook over the framework-free controller
 * (utils/recording-controller.ts), which holds the recording because it outlives every screen.
 * The hook gives the controller the user, navigation and the query cache, renders its snapshot,
 * guards the page against being left mid-recording, and releases the microphone on unmount.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { browserRecordingPorts } from '../utils/browser-recording-ports';
import { browserCallCaptureSupport, usableSource } from '../utils/call-capture-support';
import { RecordingController } from '../utils/recording-controller';
import {
  setRecordingSource,
  useRecordingSource,
  type RecordingSource,
} from '../utils/recording-source';
import type { RecorderContextValue } from './use-recorder';

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
  const [controller] = useState(() => new RecordingController(browserRecordingPorts));
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const remembered = useRecordingSource(userId);
  const [callCapture] = useState(browserCallCaptureSupport);
  const chosenSource = usableSource(remembered, callCapture);
  const chooseSource = useCallback(
    (source: RecordingSource) => setRecordingSource(userId, source),
    [userId],
  );

  // Read by the actions at call time; kept current without re-creating them.
  useEffect(() => {
    controller.configure({
      userId,
      onLocalCopyKept,
      navigate: (path) => void navigate(path),
      meetingsChanged: () => void queryClient.invalidateQueries({ queryKey: ['meetings'] }),
    });
  }, [controller, navigate, onLocalCopyKept, queryClient, userId]);

  // Leaving the page while recording: ask first, and push the current second to IndexedDB.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (controller.hasRecording) event.preventDefault();
    };
    const onPageHide = () => controller.flushForPageHide();
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [controller]);

  // Signing out unmounts the provider: release the microphone (the local copy stays for recovery).
  useEffect(() => () => controller.dispose(), [controller]);

  // One object per change of the snapshot, so consumers re-render only then.
  return useMemo(
    () => ({
      ...snapshot,
      chosenSource,
      chooseSource,
      start: controller.start,
      pause: controller.pause,
      resume: controller.resume,
      stop: controller.stop,
      save: controller.save,
      checkPermission: controller.checkPermission,
    }),
    [chooseSource, chosenSource, controller, snapshot],
  );
}
