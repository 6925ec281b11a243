import { useState } from 'react';
import { cn } from '@/lib/utils';

/** Up to two initials from a name or e-mail, for an account without a usable photo. */
function initials(nameOrEmail: string): string {
  const words = nameOrEmail
    .split('@')[0]!
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters =
    words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** A Google account's photo, or its initials when there is none or it fails to load. */
export function GoogleAccountAvatar({
  name,
  email,
  photoUrl,
  className,
}: {
  name: string | null;
  email: string;
  photoUrl: string | null;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const base = cn(
    'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full',
    className,
  );
  if (photoUrl && !failed) {
    return (
      <img
        src={photoUrl}
        alt=""
        referrerPolicy="no-referrer"
        className={cn(base, 'object-cover')}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(base, 'bg-brand-soft text-xs font-semibold text-brand-soft-foreground')}
    >
      {initials(name || email)}
    </span>
  );
}
