/**
 * The meeting header's 'Link calendar event' control as the app layer composes it: the
 * calendar-link feature's popover, only where the server has Google configured (hidden otherwise).
 * Loaded lazily by the meeting route with the popover, so neither the config check nor the
 * popover weighs on the meeting page's first JavaScript (bench/web budget).
 */
import type { LinkCalendarEventProps } from '@/features/calendar-link/components/link-calendar-event';
import LinkCalendarEvent from '@/features/calendar-link/components/link-calendar-event';
import { usePublicConfig } from '@/features/auth/api/get-public-config';

/** The link control, or nothing without Google on the server (or while that is not yet known). */
export default function MeetingCalendarLink(props: LinkCalendarEventProps) {
  const googleEnabled = usePublicConfig().data?.googleEnabled ?? false;
  return googleEnabled ? <LinkCalendarEvent {...props} /> : null;
}
