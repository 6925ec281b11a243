/**
 * Attendee avatars (loading, then the photo, then coloured initials when the image fails). Shared
 * by the meeting header, the calendar's event details and the contacts list, so a person looks the
 * same everywhere.
 */
import { CALENDAR_LIMITS } from '@summy/core';
import {
  AVATAR_SIZE_CLASSES,
  PersonAvatar,
  type AvatarPerson,
  type AvatarSize,
  type PersonAvatarProps,
} from '@/components/person-avatar';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

export { PersonAvatar, type AvatarPerson, type AvatarSize, type PersonAvatarProps };

/** The rest of the people behind '+N' listed in its tooltip; longer lists end in '...and n more'. */
export const OVERFLOW_LIST_MAX = 20;

/** Props of {@link AttendeeAvatars}. */
export interface AttendeeAvatarsProps {
  attendees: readonly AvatarPerson[];
  /** Avatars drawn before '+N' (5). */
  max?: number;
  size?: AvatarSize;
  className?: string;
  /** Accessible name of the group. */
  label?: string;
}

/**
 * A person's real name, or null when there is none: Google (and the server's fallback) fill a
 * missing display name with the e-mail's local part, which would read 'legal (legal@x.test)'.
 */
function realName(person: AvatarPerson): string | null {
  const name = person.name?.trim();
  if (!name) return null;
  const email = person.email.toLowerCase();
  const at = email.indexOf('@');
  const lower = name.toLowerCase();
  return lower === email || (at > 0 && lower === email.slice(0, at)) ? null : name;
}

function personText(person: AvatarPerson): string {
  const name = realName(person);
  return name ? `${name} (${person.email})` : person.email;
}

/**
 * Overlapping avatars of up to `max` people, then a '+N' button whose tooltip starts 'Additional
 * attendees:' and names the rest. Every avatar is focusable and shows name and e-mail in a tooltip
 * on hover or focus, so keyboard users reach the same details.
 */
export function AttendeeAvatars({
  attendees,
  max = CALENDAR_LIMITS.maxAvatars,
  size = 'md',
  className,
  label = 'Attendees',
}: AttendeeAvatarsProps) {
  if (attendees.length === 0) return null;
  const visible = attendees.slice(0, max);
  const rest = attendees.slice(max);
  const listed = rest.slice(0, OVERFLOW_LIST_MAX);
  const ring = 'rounded-full ring-2 ring-background outline-none focus-visible:ring-ring';
  return (
    <ul aria-label={label} className={cn('flex items-center -space-x-1.5', className)}>
      {visible.map((person, index) => (
        <li key={`${person.email}-${index}`} className="flex">
          <Tooltip>
            <TooltipTrigger asChild>
              <button
                type="button"
                aria-label={personText(person)}
                className={cn(ring, 'cursor-default')}
              >
                <PersonAvatar person={person} size={size} />
              </button>
            </TooltipTrigger>
            <TooltipContent>
              {realName(person) ? (
                <span className="block font-medium">{realName(person)}</span>
              ) : null}
              <span className="block opacity-80">{person.email}</span>
            </TooltipContent>
          </Tooltip>
        </li>
      ))}
      {rest.length > 0 ? (
        <li className="flex">
          <Tooltip>
            <TooltipTrigger asChild>
              <button
                type="button"
                aria-label={`${rest.length} more attendees`}
                className={cn(
                  ring,
                  'flex cursor-default items-center justify-center bg-muted font-medium text-muted-foreground',
                  AVATAR_SIZE_CLASSES[size],
                  rest.length > 99 && 'px-1',
                )}
              >
                +{rest.length}
              </button>
            </TooltipTrigger>
            <TooltipContent>
              <span className="block font-medium">Additional attendees:</span>
              <ul className="mt-1 space-y-0.5">
                {listed.map((person, index) => (
                  <li key={`${person.email}-${index}`}>{personText(person)}</li>
                ))}
              </ul>
              {rest.length > listed.length ? (
                <span className="mt-1 block opacity-80">
                  ...and {rest.length - listed.length} more
                </span>
              ) : null}
            </TooltipContent>
          </Tooltip>
        </li>
      ) : null}
    </ul>
  );
}
