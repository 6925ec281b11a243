import { GOOGLE_MESSAGES, type GoogleAuthMessage } from '@summy/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Better Auth's `?error=` codes that mean the code never became tokens; everything else is a
 * general callback failure.
 */
const EXCHANGE_ERRORS = new Set([
  'invalid_code',
  'no_code',
  'invalid_grant',
  'oauth_code_verification_failed',
  'unable_to_get_user_info',
]);

/** The sign-in error text for Better Auth's `error` query value. */
export function callbackErrorMessage(error: string): string {
  return EXCHANGE_ERRORS.has(error)
    ? GOOGLE_MESSAGES.exchangeFailed
    : GOOGLE_MESSAGES.callbackFailed;
}

/**
 * /auth/callback, opened in a popup by Add Account: Better Auth has already exchanged the code at
 * `/api/auth/callback/google` and lands here with `?error=` on failure. Posts `GOOGLE_AUTH_SUCCESS`
 * or `GOOGLE_AUTH_ERROR` to the opener, then closes. The target origin is our own, so no other site
 * can read the outcome.
 */
export function OAuthPopupCallback() {
  useDocumentTitle('Signing in - Summy');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const error = params.get('error');

  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener || opener.closed) {
      // Opened directly (not as a popup): nothing to report to, so go somewhere useful.
      navigate('/', { replace: true });
      return;
    }
    const message: GoogleAuthMessage = error
      ? { type: 'GOOGLE_AUTH_ERROR', error: callbackErrorMessage(error) }
      : { type: 'GOOGLE_AUTH_SUCCESS' };
    try {
      opener.postMessage(message, window.location.origin);
    } catch {
      try {
        const failed: GoogleAuthMessage = {
          type: 'GOOGLE_AUTH_ERROR',
          error: GOOGLE_MESSAGES.authFailed,
        };
        opener.postMessage(failed, window.location.origin);
      } catch {
        // The opener is gone; closing is all that is left.
      }
    }
    window.close();
  }, [error, navigate]);

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-background text-sm text-muted-foreground">
      <Spinner className="size-5" label="Completing sign-in" />
      <p>Completing sign-in...</p>
    </div>
  );
}
