/**
 * What the meeting view says about a recorded call (docs/product.md#meeting-view): how many of
 * the microphone's lines were hidden as echoes of the call (with 'Show' / 'Hide'), a headphones
 * hint when both sides often spoke at once, and when the call's audio ended before the recording.
 */
import { formatPlaybackTime, HEADPHONES_HINT_SHARE, type CallCapture } from '@summy/core';
import { Headphones, PhoneOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { echoedLinesLabel } from './transcript-rows';

/** The id of the transcript list, which the echo toggle controls. */
export const TRANSCRIPT_LIST_ID = 'meeting-transcript-turns';

/** Props of {@link CaptureNotes}. */
export interface CaptureNotesProps {
  capture: CallCapture;
  /** Whether the echo lines are shown in the transcript. */
  echoesShown: boolean;
  onToggleEchoes: () => void;
}

/**
 * The transcript's notes of a call recording: '{n} echoed line(s) hidden' with 'Show' / 'Hide'
 * (nothing when no line was hidden) and, when the double-talk share is at least
 * `HEADPHONES_HINT_SHARE`, 'Using speakers? Headphones give a cleaner transcript.'
 */
export function CaptureNotes({ capture, echoesShown, onToggleEchoes }: CaptureNotesProps) {
  const count = capture.echoed.length;
  const hint = capture.doubleTalkShare >= HEADPHONES_HINT_SHARE;
  if (count === 0 && !hint) return null;
  return (
    <div className="flex flex-col gap-2 text-sm text-muted-foreground" data-testid="capture-notes">
      {count > 0 && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p>{echoedLinesLabel(count)}</p>
          <Button
            variant="outline"
            size="sm"
            className="h-7 px-2.5 text-xs"
            aria-expanded={echoesShown}
            aria-controls={TRANSCRIPT_LIST_ID}
            onClick={onToggleEchoes}
          >
            {echoesShown ? 'Hide' : 'Show'}
          </Button>
        </div>
      )}
      {hint && (
        <p className="flex items-center gap-2">
          <Headphones className="size-4 shrink-0" aria-hidden="true" />
          Using speakers? Headphones give a cleaner transcript.
        </p>
      )}
    </div>
  );
}

/** 'Call audio ended at MM:SS' for a recording whose call audio ended early; else nothing. */
export function CallAudioEnded({ seconds }: { seconds: number | null }) {
  if (seconds === null) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <PhoneOff className="size-4 shrink-0" aria-hidden="true" />
      Call audio ended at {formatPlaybackTime(seconds)}
    </p>
  );
}
