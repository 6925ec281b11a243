import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useAuthSession } from '../hooks/use-auth-session';
import { useSignOut } from '../hooks/use-sign-out';
import { UserAvatar } from '@/components/user-avatar';

/** The signed-in person at the foot of the sidebar, with the Sign out button. */
export function UserCard() {
  const { user } = useAuthSession();
  const { signOut, isSigningOut } = useSignOut();
  if (!user) return null;
  return (
    <div className="flex items-center gap-3 rounded-lg px-2 py-1.5">
      <UserAvatar name={user.name} email={user.email} image={user.image} />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium">{user.name || user.email}</span>
        <span className="truncate text-xs text-muted-foreground">{user.email}</span>
      </div>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Sign out"
            onClick={signOut}
            disabled={isSigningOut}
            className="text-muted-foreground hover:bg-sidebar-accent hover:text-foreground"
          >
            <LogOut />
          </Button>
        </TooltipTrigger>
        <TooltipContent side="top">Sign out</TooltipContent>
      </Tooltip>
    </div>
  );
}
