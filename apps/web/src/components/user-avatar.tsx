import { useState } from 'react';
import { cn } from '@/lib/utils';

/** Spec 001 "Attendee avatars": initials coloured from a palette of 8 when there is no photo. */
const PALETTE = [
  'bg-indigo-500',
  'bg-violet-500',
  'bg-sky-500',
  'bg-emerald-500',
  'bg-amber-500',
  'bg-rose-500',
  'bg-teal-500',
  'bg-fuchsia-500',
] as const;

/** Up to two letters from a name (or e-mail), so every person gets a recognisable badge. */
export function initialsOf(nameOrEmail: string): string {
  const words = nameOrEmail
    .split('@')[0]!
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters =
    words.length > 1
      ? `${words[0]![0]}${words[words.length - 1]![0]}`
      : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

function paletteFor(key: string): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length]!;
}

/** Props of {@link UserAvatar}. */
export interface UserAvatarProps {
  name: string;
  email: string;
  image?: string | null;
  className?: string;
}

/** A person's photo, falling back to coloured initials when there is none or it fails to load. */
export function UserAvatar({ name, email, image, className }: UserAvatarProps) {
  const [failed, setFailed] = useState(false);
  const label = name || email;
  if (image && !failed) {
    return (
      <img
        src={image}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={cn('size-8 shrink-0 rounded-full object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white',
        paletteFor(email || label),
        className,
      )}
    >
      {initialsOf(label)}
    </span>
  );
}
