import { Page } from '@/components/layouts/page';

/** /calendar: the week view, titled 'Coming up' in the tab as the spec asks. */
export default function CalendarRoute() {
  return <Page heading="Calendar" title="Coming up - Summy" />;
}
