import { useState } from 'react';
import { authClient } from '@/lib/auth-client';
import {
  authErrorMessage,
  SIGN_IN_FAILED,
  UNEXPECTED_ERROR,
  type AuthFailure,
} from '../components/auth-error';
import type { ProviderId } from '../components/provider-sign-in';

/**
 * Starts a sign-in with `provider`. `pending` names the provider while the browser is leaving
 * for it; a refusal before that goes to `onError` (`null` as it starts). Refusals after it come
 * back to /login with `?error=`.
 */
export function useProviderSignIn(onError: (failure: AuthFailure | null) => void) {
  const [pending, setPending] = useState<ProviderId | null>(null);

  async function start(provider: ProviderId) {
    onError(null);
    setPending(provider);
    try {
      const { error } = await authClient.signIn.social({
        provider,
        callbackURL: '/',
        errorCallbackURL: '/login',
      });
      if (error) {
        onError({ heading: SIGN_IN_FAILED, message: authErrorMessage(error) });
        setPending(null);
      }
      // On success the browser is already leaving; keep the button busy until then.
    } catch {
      onError({ heading: SIGN_IN_FAILED, message: UNEXPECTED_ERROR });
      setPending(null);
    }
  }

  return { pending, start };
}
