import { PersonAvatar } from '@/components/person-avatar';

/** Props of {@link UserAvatar}. */
export interface UserAvatarProps {
  name: string;
  email: string;
  image?: string | null;
  className?: string;
}

/**
 * A signed-in user's or Google account's photo, falling back to coloured initials when there is
 * none or it fails to load (account names shown as up to two initials). The same drawing as
 * attendees', so a person keeps one colour across the app.
 */
export function UserAvatar({ name, email, image, className }: UserAvatarProps) {
  return <PersonAvatar person={{ name, email, photoUrl: image }} className={className} />;
}
