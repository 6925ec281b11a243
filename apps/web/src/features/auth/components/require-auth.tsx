import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { OfflineScreen } from '@/components/offline-notice';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuthSession } from '../hooks/use-auth-session';

/**
 * Shows its children only to a signed-in user. While the session is being checked a full-page
 * spinner shows; without a session the sign-in screen replaces the current history entry, so Back
 * does not return to a page that would only redirect again. When the session could not be checked
 * at all (offline, server down) the offline screen shows instead of sending a signed-in person to
 * sign in again.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isPending, user, unreachable, refetch } = useAuthSession();
  const location = useLocation();
  if (isPending) return <FullPageSpinner />;
  if (!user && unreachable) return <OfflineScreen onRetry={refetch} />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}
