import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuthSession } from '../hooks/use-auth-session';
import { useSignOut } from '../hooks/use-sign-out';
import { UserAvatar } from '@/components/user-avatar';

/** The account section of Settings: who is signed in, Sign Out, and the privacy policy. */
export function AccountDetails() {
  const { user } = useAuthSession();
  const { signOut, isSigningOut } = useSignOut();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <UserAvatar
          name={user.name}
          email={user.email}
          image={user.image}
          className="size-10 text-sm"
        />
        <div className="flex min-w-0 flex-col">
          <span className="truncate text-sm font-medium">{user.name || user.email}</span>
          <span className="truncate text-sm text-muted-foreground">{user.email}</span>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to="/privacy-policy"
          className="text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          Privacy Policy
        </Link>
        <Button variant="outline" size="sm" onClick={signOut} disabled={isSigningOut}>
          <LogOut />
          Sign Out
        </Button>
      </div>
    </div>
  );
}
