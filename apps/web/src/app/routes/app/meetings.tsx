import { Page } from '@/components/layouts/page';
import { AllMeetings } from '@/features/meetings/components/all-meetings';

/**
 * /meetings: the full meeting list (the dashboard's 'View all'), newest first, searchable by title
 * and transcript words.
 */
export default function MeetingsRoute() {
  return (
    <Page
      heading="Meetings"
      title="Meetings - Summy"
      description="Every meeting, newest first. Search by title or by words said in it."
    >
      <AllMeetings />
    </Page>
  );
}
