/**
 * One person's round avatar (loading, then the photo, then coloured initials when the image fails):
 * the drawing shared by attendee avatars, contacts and the signed-in user's card. Its own module so
 * the first visit's JavaScript carries only this, not the attendee group with its tooltips
 * (bench/web budget).
 */
import { avatarColor, initials } from '@summy/core';
import { useState, type CSSProperties } from 'react';
import { cn } from '@/lib/utils';

/** A person to draw: the e-mail identifies them (and picks the colour); name and photo are optional. */
export interface AvatarPerson {
  email: string;
  /** Display name; the initials come from the e-mail when it is missing. */
  name?: string | null;
  /** Photo URL from contacts; initials show while it loads and when it fails. */
  photoUrl?: string | null;
}

/** Avatar diameters: `sm` 24 px for dense rows (calendar), `md` 32 px for headers and lists. */
export type AvatarSize = 'sm' | 'md';

/** Tailwind classes of each {@link AvatarSize}. */
export const AVATAR_SIZE_CLASSES: Record<AvatarSize, string> = {
  sm: 'size-6 text-[10px]',
  md: 'size-8 text-xs',
};

/** Props of {@link PersonAvatar}. */
export interface PersonAvatarProps {
  person: AvatarPerson;
  size?: AvatarSize;
  className?: string;
}

/**
 * One round avatar: coloured initials underneath, the photo on top once it loads. A photo that
 * fails (expired Google URL, offline) is dropped for good, leaving the initials. Decorative:
 * callers give the accessible name (attendee-avatars.tsx puts each in a labelled button).
 */
export function PersonAvatar({ person, size = 'md', className }: PersonAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const label = person.name?.trim() || person.email;
  const color = avatarColor(person.email || label);
  // Both themes' colours travel as CSS variables: one class list serves all 8 palette entries.
  const style = {
    '--avatar-bg': color.light.background,
    '--avatar-fg': color.light.foreground,
    '--avatar-bg-dark': color.dark.background,
    '--avatar-fg-dark': color.dark.foreground,
  } as CSSProperties;
  const photo = person.photoUrl && person.photoUrl !== failedUrl ? person.photoUrl : null;
  return (
    <span
      aria-hidden="true"
      data-slot="avatar"
      data-color={color.name}
      style={style}
      className={cn(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold select-none',
        'bg-(--avatar-bg) text-(--avatar-fg) dark:bg-(--avatar-bg-dark) dark:text-(--avatar-fg-dark)',
        AVATAR_SIZE_CLASSES[size],
        className,
      )}
    >
      {initials(label)}
      {photo ? (
        <img
          src={photo}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(photo)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
    </span>
  );
}
