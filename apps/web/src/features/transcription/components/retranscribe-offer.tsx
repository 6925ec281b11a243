import type { Meeting } from '@summy/core';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useModels } from '../api/get-models';
import { useRetranscribeMeeting } from '../api/retranscribe-meeting';
import { retranscribeLabel } from '../utils/model-list';

/** Props of {@link RetranscribeOffer}. */
export interface RetranscribeOfferProps {
  meetingId: string;
  /** Provider id that made the meeting's transcript (`meeting.transcription.provider`). */
  transcribedBy: string | null | undefined;
  /** The meeting is recording or processing: nothing to offer until it is done. */
  busy: boolean;
  /** Receives the meeting as the server answered (processing), for the meeting's cache. */
  onStarted?: (meeting: Meeting) => void;
}

/**
 * 'Re-transcribe with the local model' on a meeting the PocketSphinx fallback transcribed, once a
 * better engine would run: one click starts the server's pipeline again on the stored audio, and
 * the meeting view shows processing, then the new transcript.
 */
export function RetranscribeOffer({
  meetingId,
  transcribedBy,
  busy,
  onStarted,
}: RetranscribeOfferProps) {
  const models = useModels();
  const retranscribe = useRetranscribeMeeting(onStarted);
  const label = retranscribeLabel(transcribedBy, models.data);
  if (!label || busy) return null;
  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-card p-3 text-card-foreground sm:flex-row sm:items-center sm:justify-between sm:gap-4 sm:p-4">
      <p className="text-sm text-muted-foreground">
        The built-in recognizer made this transcript, so it may be rough.
      </p>
      <Button
        size="sm"
        className="self-start sm:self-auto"
        disabled={retranscribe.isPending}
        onClick={() => retranscribe.mutate(meetingId)}
      >
        {retranscribe.isPending ? (
          <Spinner className="text-current" label="Starting" />
        ) : (
          <RefreshCw />
        )}
        {label}
      </Button>
    </div>
  );
}
