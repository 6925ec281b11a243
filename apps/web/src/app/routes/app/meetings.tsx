import { Page } from '@/components/layouts/page';

/** /meetings: the full meeting list (the dashboard's 'View all'). */
export default function MeetingsRoute() {
  return <Page heading="Meetings" title="Meetings - Summy" />;
}
