import { RequireAuth } from '@/features/auth/components/require-auth';
import { GoogleTokenRefresh } from '@/features/google-accounts/components/google-token-refresh';
import { useRealtime } from '@/lib/realtime';
import { AppLayout } from '../../layout/app-layout';

/**
 * Holds the signed-in user's realtime stream open. Rendered only inside {@link RequireAuth}, so
 * the stream opens once the session is known and closes on sign-out (the component unmounts).
 */
function RealtimeConnection() {
  useRealtime();
  return null;
}

/**
 * Parent of every signed-in screen: the auth guard, then the realtime stream, the background
 * Google token refresh (stops on sign-out with the unmount) and the sidebar layout.
 */
export default function AppRoot() {
  return (
    <RequireAuth>
      <RealtimeConnection />
      <GoogleTokenRefresh />
      <AppLayout />
    </RequireAuth>
  );
}
