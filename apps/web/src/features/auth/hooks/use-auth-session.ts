import { useState } from 'react';
import { authClient, type AuthSession, type AuthUser } from '@/lib/auth-client';
import { isSessionUnreachable } from '../utils/session-unreachable';

/** What the app needs to know about the session, in one shape for guards and screens. */
export interface AuthState {
  /** True until the first session check has answered; later background re-checks do not flip it. */
  isPending: boolean;
  session: AuthSession | null;
  user: AuthUser | null;
  /**
   * True when no session is known because the session check failed without an answer about it
   * (offline, server down), as opposed to an answer of "nobody signed in". Better Auth keeps a
   * known session through such failures (only a 401 clears it), so this matters on a load of the
   * app shell from the service worker while offline.
   */
  unreachable: boolean;
  /** Re-reads the session now, for the moment right after sign-in before navigating. */
  refetch: () => Promise<void>;
}

/**
 * The current Better Auth session. Better Auth updates it by itself after sign-in, sign-up and
 * sign-out, so screens react to those without being told.
 */
export function useAuthSession(): AuthState {
  const { data, error, isPending, refetch } = authClient.useSession();
  // Better Auth reports pending again on every refetch without a session (e.g. window focus on the
  // sign-in screen); only the first check should show 'Loading...'.
  const [settled, setSettled] = useState(!isPending);
  if (!isPending && !settled) setSettled(true);
  return {
    isPending: isPending && !settled,
    session: data ?? null,
    user: data?.user ?? null,
    unreachable: isSessionUnreachable(data, error),
    refetch: () => refetch(),
  };
}
