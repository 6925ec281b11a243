/**
 * What a linked meeting's header adds (docs/product.md#meeting-view): the linked event's title with
 * a 'Recurring' badge, the event's attendees as avatars with photos from contacts, the meeting's
 * groups (one per external attendee's e-mail domain, one per recurring series), and, quietly, that
 * the Google account it was linked through has been removed. Loaded lazily by the header, only for
 * linked meetings (bench/web budget).
 */
import type { Meeting, MeetingGroupSummary } from '@summy/core';
import { Building2, CalendarCheck, Repeat, Unplug } from 'lucide-react';
import { useMemo } from 'react';
import { AttendeeAvatars, type AvatarPerson } from '@/components/attendee-avatars';
import { useMeetingGroups } from '@/features/meetings/api/get-meeting-groups';
import { useContactPhotos } from '@/features/meetings/api/lookup-contact-photos';

/** Props of {@link MeetingCalendarDetails}. */
export interface MeetingCalendarDetailsProps {
  meeting: Meeting;
}

/** Names written beside the avatars before 'and N others'. */
const NAMED = 2;

/** 'Ada Lovelace, Bob Smith and 3 others': the avatars' people in words, for a glance. */
export function attendeeSummary(people: readonly AvatarPerson[]): string {
  const names = people.map((person) => person.name?.trim() || person.email);
  if (names.length <= NAMED + 1) {
    return names.length > 1
      ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
      : (names[0] ?? '');
  }
  const others = names.length - NAMED;
  return `${names.slice(0, NAMED).join(', ')} and ${others} others`;
}

/** Event title and badge, avatars, groups and the removed-account note of a linked meeting. */
export default function MeetingCalendarDetails({ meeting }: MeetingCalendarDetailsProps) {
  const attendees = useMemo(
    () => meeting.calendarEventAttendees ?? [],
    [meeting.calendarEventAttendees],
  );
  const emails = useMemo(() => attendees.map((attendee) => attendee.email), [attendees]);
  const photos = useContactPhotos(emails).data;
  const people = useMemo<AvatarPerson[]>(
    () =>
      attendees.map((attendee) => ({
        email: attendee.email,
        name: attendee.name,
        photoUrl: photos?.get(attendee.email.toLowerCase()) ?? null,
      })),
    [attendees, photos],
  );
  const groups = useMeetingGroups(meeting.id, meeting.calendarEventId).data ?? [];

  return (
    <>
      <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
        <CalendarCheck className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">Calendar event: </span>
        <span className="min-w-0 truncate font-medium">
          {meeting.calendarEventTitle || 'Calendar event'}
        </span>
        {meeting.calendarRecurringEventId && (
          <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
            <Repeat className="size-3" aria-hidden="true" />
            Recurring
          </span>
        )}
      </p>
      {people.length > 0 && (
        <div className="flex min-w-0 items-center gap-3">
          <span aria-hidden="true" className="shrink-0 text-xs font-medium text-muted-foreground">
            Attendees
          </span>
          <AttendeeAvatars attendees={people} className="shrink-0" />
          <p className="min-w-0 truncate text-sm text-muted-foreground">
            {attendeeSummary(people)}
          </p>
        </div>
      )}
      {groups.length > 0 && <GroupChips groups={groups} />}
      {meeting.calendarAccountRemoved && (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <Unplug className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0 truncate">
            Linked through {meeting.calendarAccountEmail ?? 'a Google account'} (account removed)
          </span>
        </p>
      )}
    </>
  );
}

/** The meeting's groups as small chips: a building for a domain, a loop for a recurring event. */
function GroupChips({ groups }: { groups: readonly MeetingGroupSummary[] }) {
  return (
    <ul aria-label="Groups" className="flex flex-wrap gap-1.5">
      {groups.map((group) => {
        const Icon = group.type === 'recurring' ? Repeat : Building2;
        return (
          <li
            key={group.id}
            className="inline-flex max-w-[16rem] items-center gap-1.5 rounded-md border border-dashed bg-muted/40 px-2 py-0.5 text-xs font-medium text-muted-foreground"
          >
            <Icon className="size-3 shrink-0" aria-hidden="true" />
            <span className="sr-only">
              {group.type === 'recurring' ? 'Recurring event group: ' : 'Domain group: '}
            </span>
            <span className="truncate">{group.name}</span>
          </li>
        );
      })}
    </ul>
  );
}
