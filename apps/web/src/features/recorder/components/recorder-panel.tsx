import { ACCEPTED_UPLOAD_TYPES, type ProgressLabel } from '@summy/core';
import {
  Download,
  MessageSquare,
  Mic,
  MicOff,
  NotebookPen,
  Pause,
  Play,
  Square,
  Upload,
} from 'lucide-react';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMeetingProgress } from '@/lib/realtime';
import { cn } from '@/lib/utils';
import { useFocusSwitch } from '../hooks/use-focus-switch';
import { useRecorder } from '../hooks/use-recorder';
import { formatElapsed } from '../utils/format-elapsed';
import { recordsCall, recordsMicrophone } from '../utils/recording-source';
import { LevelMeter } from './level-meter';
import { SourceChoice } from './source-choice';
import { UploadAsCallCheckbox } from './upload-as-call';

/** What the file picker offers: the documented types plus extensions some systems need to match. */
const FILE_ACCEPT = [
  ...ACCEPTED_UPLOAD_TYPES,
  '.mp3',
  '.wav',
  '.m4a',
  '.mp4',
  '.webm',
  '.ogg',
].join(',');

/** Where no assistant is composed around the panel, Chat says so rather than doing nothing. */
function chatUnavailable() {
  toast('Meeting Assistant', { description: 'The Meeting Assistant is coming soon.' });
}

function PanelFrame({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section
      aria-label="Recorder"
      className={cn(
        '@container mx-auto flex w-full max-w-xl flex-col items-center gap-6 rounded-2xl border bg-card px-6 py-10 text-center text-card-foreground shadow-sm sm:px-10',
        className,
      )}
    >
      {children}
    </section>
  );
}

/** `onOpenNotes`: shows the 'Notes' button, which opens the notes slot under the panel. */
function IdlePanel({ onOpenNotes }: { onOpenNotes?: () => void }) {
  const recorder = useRecorder();
  const input = useRef<HTMLInputElement>(null);
  const [asCall, setAsCall] = useState(false);
  return (
    <PanelFrame>
      <div className="flex size-16 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground">
        <Mic className="size-7" aria-hidden="true" />
      </div>
      <div className="flex flex-col gap-1.5">
        <h2 className="text-xl font-semibold tracking-tight">Ready to start recording</h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {recorder.uploading
            ? 'Processing uploaded file...'
            : 'Meeting title will be generated automatically'}
        </p>
      </div>
      <SourceChoice
        value={recorder.chosenSource}
        onChange={recorder.chooseSource}
        disabled={recorder.isStarting}
      />
      {/* In the row (last on a phone), so the panel keeps its height and the dashboard its place. */}
      <div className="flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">
        {onOpenNotes && (
          <Button variant="outline" size="lg" onClick={onOpenNotes}>
            <NotebookPen />
            Notes
          </Button>
        )}
        <Button
          variant="outline"
          size="lg"
          disabled={recorder.uploading}
          onClick={() => input.current?.click()}
        >
          {recorder.uploading ? <Spinner className="text-current" label="Uploading" /> : <Upload />}
          Upload Recording
        </Button>
        <Button size="lg" disabled={recorder.isStarting} onClick={() => void recorder.start()}>
          {recorder.isStarting ? <Spinner className="text-current" label="Starting" /> : <Mic />}
          Start Recording
        </Button>
      </div>

      <UploadAsCallCheckbox checked={asCall} onCheckedChange={setAsCall} />
      <input
        ref={input}
        type="file"
        accept={FILE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Recording file"
        data-testid="recorder-file-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so picking the same file again (after a failure) still fires a change.
          event.currentTarget.value = '';
          if (file) void recorder.uploadFile(file, { asCall });
        }}
      />
    </PanelFrame>
  );
}

/** One meter per recorded source, labelled 'You' and 'Call'; the call's notes when it ended. */
function Meters() {
  const { source, analyser, callAnalyser, callEnded, state } = useRecorder();
  const active = state === 'recording';
  const mine = !source || recordsMicrophone(source);
  const call = source !== null && recordsCall(source);
  if (!call) return <LevelMeter analyser={analyser} active={active} />;
  return (
    <div className="flex items-end justify-center gap-10">
      {mine && (
        <div className="flex flex-col items-center gap-1.5">
          <LevelMeter analyser={analyser} active={active} />
          <span className="text-xs font-medium text-muted-foreground">You</span>
        </div>
      )}
      <div className="flex flex-col items-center gap-1.5">
        <LevelMeter
          analyser={callAnalyser}
          active={active && !callEnded}
          label="Call audio level"
          restingNote={callEnded ? 'ended' : 'paused'}
          testId="level-meter-call"
        />
        <span className="text-xs font-medium text-muted-foreground">
          {callEnded ? 'Call ended' : 'Call'}
        </span>
      </div>
    </div>
  );
}

function RecordingPanel({
  onChat,
  controls,
}: Pick<RecorderPanelProps, 'onChat'> & { controls?: RefObject<HTMLDivElement | null> }) {
  const recorder = useRecorder();
  const paused = recorder.state === 'paused';
  return (
    <PanelFrame className="gap-5">
      <span
        className={cn(
          'inline-flex items-center gap-2 rounded-full px-3 py-1 text-xs font-semibold tracking-widest',
          // -800 and -700 in light: 4.5:1 on their tints for this small text (axe); -600 measured
          // 4.0:1.
          paused
            ? 'bg-amber-500/15 text-amber-800 dark:text-amber-300'
            : 'bg-red-500/12 text-red-700 dark:bg-red-500/20 dark:text-red-300',
        )}
      >
        <span className="relative flex size-2">
          {!paused && (
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-500 opacity-75" />
          )}
          <span
            className={cn(
              'relative inline-flex size-2 rounded-full',
              paused ? 'bg-amber-500' : 'bg-red-500',
            )}
          />
        </span>
        {paused ? 'PAUSED' : 'REC'}
      </span>
      <div
        role="timer"
        aria-label="Recorded time"
        className="text-6xl font-semibold tracking-tight tabular-nums"
      >
        {formatElapsed(recorder.elapsedMs)}
      </div>
      <Meters />
      <p className="w-full truncate text-base font-medium" title={recorder.title ?? undefined}>
        {recorder.title}
      </p>
      <RecordingControls onChat={onChat} controls={controls} />
    </PanelFrame>
  );
}

function RecordingControls({
  onChat,
  controls,
}: Pick<RecorderPanelProps, 'onChat'> & { controls?: RefObject<HTMLDivElement | null> }) {
  const recorder = useRecorder();
  const { meetingId } = recorder;
  const paused = recorder.state === 'paused';
  // Two columns in a narrow panel (a phone, or beside the notes); Stop takes a whole row when it
  // would be alone. The panel's own width decides (a container query), not the screen's.
  return (
    <div
      ref={controls}
      className="grid w-full grid-cols-2 gap-2 @md:flex @md:w-auto @md:flex-wrap @md:justify-center"
    >
      {paused ? (
        <Button variant="outline" onClick={recorder.resume}>
          <Play />
          Resume
        </Button>
      ) : (
        <Button variant="outline" onClick={recorder.pause}>
          <Pause />
          Pause
        </Button>
      )}
      <Button
        variant="outline"
        onClick={() => (onChat && meetingId ? onChat(meetingId) : chatUnavailable())}
      >
        <MessageSquare />
        Chat
      </Button>
      {recorder.recordedBytes > 0 && (
        <Button variant="outline" onClick={() => void recorder.save()}>
          <Download />
          Save
        </Button>
      )}
      <Button
        variant="destructive"
        className={cn(recorder.recordedBytes === 0 && 'col-span-2')}
        onClick={() => void recorder.stop()}
      >
        <Square className="fill-current" />
        Stop
      </Button>
    </div>
  );
}

function ProcessingPanel() {
  const recorder = useRecorder();
  const progress = useMeetingProgress(recorder.meetingId);
  // Before the server announces a step, this tab is still sending the last chunks.
  const label: ProgressLabel = progress ?? 'Uploading';
  return (
    <PanelFrame>
      <Spinner className="size-10 text-brand" label={label} />
      <div className="flex flex-col gap-1.5">
        <p className="text-xl font-semibold tracking-tight" aria-live="polite">
          {label}
        </p>
        {recorder.title && <p className="text-sm text-muted-foreground">{recorder.title}</p>}
      </div>
    </PanelFrame>
  );
}

function DeniedPanel() {
  const recorder = useRecorder();
  return (
    <PanelFrame>
      <div className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <MicOff className="size-7" aria-hidden="true" />
      </div>
      <div className="flex flex-col gap-1.5">
        <h2 className="text-lg font-semibold tracking-tight text-balance">
          Microphone access is required to record meetings.
        </h2>
        <p className="text-sm text-balance text-muted-foreground">
          Allow microphone access for this site in your browser's settings, then check again.
        </p>
      </div>
      <Button variant="link" onClick={() => void recorder.checkPermission()}>
        Check permissions again
      </Button>
    </PanelFrame>
  );
}

/** Props of {@link RecorderPanel}. */
export interface RecorderPanelProps {
  /**
   * The recording's Chat button: opens the meeting assistant about the meeting being recorded
   * (its id). Without it, Chat shows a toast that the assistant is not available.
   */
  onChat?: (meetingId: string) => void;
  /**
   * Shown under the panel while it is ready or recording: the first-run transcription prompt. A
   * slot because it belongs to the transcription feature.
   */
  notice?: ReactNode;
  /**
   * The person's notes of the meeting: beside the panel while recording, and under the ready
   * panel once its 'Notes' button is pressed. A slot because it belongs to the notes feature;
   * called with what the notes need to know.
   */
  notes?: (recording: RecorderNotesContext) => ReactNode;
  /**
   * The live draft transcript of the meeting being recorded: under the panel's controls while
   * recording (beside the notes on a wide screen, before them on a narrow one). A slot because it
   * belongs to the live feature; called with the meeting being recorded.
   */
  live?: (recording: RecorderNotesContext) => ReactNode;
}

/** What the recorder tells its notes slot. */
export interface RecorderNotesContext {
  /** The meeting being recorded; null before Start. */
  meetingId: string | null;
  /** True while recording or paused. */
  recording: boolean;
  /** Recorded time so far, ms (pauses left out). */
  elapsedMs: number;
}

/**
 * The recorder panel: ready to record (with upload), the running recording with timer, level meter
 * and controls (Chat calls `onChat`), the hand-over to processing, and the microphone-denied state.
 * Reads the tab's recorder from `RecorderProvider`.
 */
export function RecorderPanel({ onChat, notice, notes, live }: RecorderPanelProps) {
  const { state, meetingId, elapsedMs } = useRecorder();
  const controls = useRef<HTMLDivElement>(null);
  const notesBox = useRef<HTMLDivElement>(null);
  const recording = state === 'recording' || state === 'paused';
  // Before Start the notes open on request, so the dashboard under the panel stays in view.
  const [notesOpen, setNotesOpen] = useState(false);
  useFocusSwitch(recording && notes !== undefined, notesBox, controls);
  let panel: ReactNode;
  switch (state) {
    case 'recording':
    case 'paused':
      panel = (
        <WithNotice notice={notice}>
          <RecordingPanel onChat={onChat} controls={controls} />
        </WithNotice>
      );
      break;
    case 'processing':
      return <ProcessingPanel />;
    case 'denied':
      return <DeniedPanel />;
    default:
      panel = (
        <WithNotice notice={notice}>
          <IdlePanel onOpenNotes={notes && !notesOpen ? () => setNotesOpen(true) : undefined} />
        </WithNotice>
      );
  }
  const context = { meetingId: recording ? meetingId : null, recording, elapsedMs };
  const liveText = recording ? live?.(context) : undefined;
  if (!liveText && (!notes || !(recording || notesOpen))) return panel;
  return (
    // Beside the panel while recording on a wide screen, the live text under the panel's controls;
    // all stacked otherwise (the live text first, after the controls), where the ready panel's
    // source choice needs the whole width.
    <div
      className={cn(
        'mx-auto grid w-full max-w-xl gap-4',
        recording && 'xl:max-w-6xl xl:grid-cols-2 xl:items-start',
      )}
    >
      <div className="flex min-w-0 flex-col gap-4">
        {panel}
        {liveText}
      </div>
      {notes && (recording || notesOpen) && (
        <div ref={notesBox} className="w-full">
          {notes(context)}
        </div>
      )}
    </div>
  );
}

function WithNotice({ notice, children }: { notice: ReactNode; children: ReactNode }) {
  if (!notice) return children;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
      {children}
      {notice}
    </div>
  );
}
