/**
 * What the transcription feature adds to other screens, composed in by the app layer (features do
 * not import each other) and loaded on demand, outside the pages' first JavaScript (bench/web):
 * under the recorder panel the first-run prompt; on a meeting the prompt, or the offer to
 * transcribe it again (issue 12 point 3).
 */
import { RetranscribeOffer, type RetranscribeOfferProps } from './retranscribe-offer';
import { TranscriptionPrompt } from './transcription-prompt';

/** Props of {@link TranscriptionNotice}: `meeting` on a meeting's page, nothing elsewhere. */
export interface TranscriptionNoticeProps {
  meeting?: RetranscribeOfferProps;
}

/** The first-run prompt, plus on a meeting 'Re-transcribe with the local model' once it helps. */
export default function TranscriptionNotice({ meeting }: TranscriptionNoticeProps) {
  return (
    <>
      <TranscriptionPrompt />
      {meeting && <RetranscribeOffer {...meeting} />}
    </>
  );
}
