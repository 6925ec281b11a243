import { Page } from '@/components/layouts/page';
import { RecorderPanel } from '@/features/recorder/components/recorder-panel';

/**
 * / and /home: the recorder panel, ready to record or upload (spec 000 section 2 "Recorder panel":
 * "No meeting active").
 */
export default function HomeRoute() {
  return (
    <Page
      heading="Home"
      title="Home - Summy"
      description="Record a meeting or upload a recording to get a transcript, summary and action items."
    >
      <RecorderPanel />
    </Page>
  );
}
