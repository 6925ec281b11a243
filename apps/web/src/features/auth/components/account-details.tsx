import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuthSession } from '../hooks/use-auth-session';
import { useSignOut } from '../hooks/use-sign-out';
import { UserAvatar } from '@/components/user-avatar';
import { AccountExport } from './account-export';

/**
 * The account section of Settings: who is signed in (avatar, name, e-mail), then `linkedAccounts`
 * when given (the Google accounts block, another feature's, passed in by the app layer), the API keys
 * (`apiKeys`), 'Export your data', then the privacy policy and Sign Out at the foot (Account).
 */
export function AccountDetails({
  linkedAccounts,
  apiKeys,
}: {
  linkedAccounts?: ReactNode;
  /** The API keys block (another feature's, passed in by the app layer). */
  apiKeys?: ReactNode;
}) {
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
          className="size-12 text-base"
        />
        <div className="flex min-w-0 flex-col">
          <span className="truncate text-base font-medium">{user.name || user.email}</span>
          <span className="truncate text-sm text-muted-foreground">{user.email}</span>
        </div>
      </div>
      {linkedAccounts}
      {apiKeys}
      <AccountExport />
      <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-4">
        <Link
          to="/privacy-policy"
          className="rounded-sm text-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
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
