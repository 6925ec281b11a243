import { useParams } from 'react-router';
import { Page } from '@/components/layouts/page';

/**
 * /meeting/{meetingId}: the meeting view. Until the meeting is fetched here the title is the
 * generic one; it becomes '{meeting title} - Summy' once it is.
 */
export default function MeetingRoute() {
  const { meetingId } = useParams();
  return <Page key={meetingId} heading="Meeting" title="Meeting - Summy" />;
}
