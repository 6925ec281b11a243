import { RequireAuth } from '@/features/auth/components/require-auth';
import { AppLayout } from '../../layout/app-layout';

/** Parent of every signed-in screen: the auth guard, then the sidebar layout around the screen. */
export default function AppRoot() {
  return (
    <RequireAuth>
      <AppLayout />
    </RequireAuth>
  );
}
