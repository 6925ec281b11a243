import { RequireAuth } from '@/features/auth/components/require-auth';
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
 * Parent of every signed-in screen: the auth guard, then the realtime stream and the sidebar
 * layout around the screen.
 */
export default function AppRoot() {
  return (
    <RequireAuth>
      <RealtimeConnection />
      <AppLayout />
    </RequireAuth>
  );
}
