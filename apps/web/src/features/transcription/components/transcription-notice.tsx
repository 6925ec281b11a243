/**
 * What the transcription feature adds to other screens, composed in by the app layer (features do
 * not import each other) and loaded on demand, outside the pages' first JavaScript (bench/web):
 * under the recorder panel the first-run prompt; on a meeting the fallback transcribed the
 * prompt, or the offer to transcribe it again. Meetings transcribed otherwise (cloud, local
 * model, imported, demo) get neither.
 */
import { RetranscribeOffer, type RetranscribeOfferProps } from './retranscribe-offer';
import { TranscriptionPrompt } from './transcription-prompt';

/** The provider id of the PocketSphinx fallback in `meeting.transcription.provider`. */
const ROUGH_ENGINE = 'offline';

/** Props of {@link TranscriptionNotice}: `meeting` on a meeting's page, nothing elsewhere. */
export interface TranscriptionNoticeProps {
  meeting?: RetranscribeOfferProps;
}

/** The first-run prompt, plus on a meeting 'Re-transcribe with the local model' once it helps. */
export default function TranscriptionNotice({ meeting }: TranscriptionNoticeProps) {
  if (!meeting) return <TranscriptionPrompt subject="recorder" />;
  if (meeting.transcribedBy !== ROUGH_ENGINE) return null;
  return (
    <>
      <TranscriptionPrompt subject="meeting" />
      <RetranscribeOffer {...meeting} />
    </>
  );
}
