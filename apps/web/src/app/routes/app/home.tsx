import { Page } from '@/components/layouts/page';

/** / and /home: the dashboard. A heading for now; the dashboard cards come with their features. */
export default function HomeRoute() {
  return (
    <Page
      heading="Home"
      title="Home - Summy"
      description="Your meetings, events and to-dos at a glance."
    />
  );
}
