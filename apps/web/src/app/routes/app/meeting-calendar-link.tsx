/**
 * The meeting header's 'Link calendar event' control as the app layer composes it (issue 13 point
 * 6): the calendar-link feature's popover, only where the server has Google configured (spec 001
 * section 2 "hidden when ... Google is not configured" is the contract's reading of issue 13 point
 * 9). Loaded lazily by the meeting route with the popover, so neither the config check nor the
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
