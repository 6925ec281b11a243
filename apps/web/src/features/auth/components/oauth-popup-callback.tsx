import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The message a Google popup posts to the window that opened it. */
export type GoogleAuthMessage =
  { type: 'GOOGLE_AUTH_SUCCESS'; code: string } | { type: 'GOOGLE_AUTH_ERROR'; error: string };

/** Spec 001 section 8, "Callback errors are posted to the opener as messages". */
const NO_CODE_ERROR = 'Failed to complete authentication';
/** See {@link NO_CODE_ERROR}. */
const POST_FAILED_ERROR = 'OAuth callback failed';

/**
 * /auth/callback, opened in a popup by the Google flow: hands the `code` (or `error`) to the opener
 * and closes. The target origin is our own, so no other site can read the code.
 */
export function OAuthPopupCallback() {
  useDocumentTitle('Signing in - Summy');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const error = params.get('error');

  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener) {
      // Opened directly (not as a popup): nothing to report to, so go somewhere useful.
      navigate('/', { replace: true });
      return;
    }
    const message: GoogleAuthMessage =
      error || !code
        ? { type: 'GOOGLE_AUTH_ERROR', error: error || NO_CODE_ERROR }
        : { type: 'GOOGLE_AUTH_SUCCESS', code };
    try {
      opener.postMessage(message, window.location.origin);
    } catch {
      try {
        opener.postMessage(
          { type: 'GOOGLE_AUTH_ERROR', error: POST_FAILED_ERROR },
          window.location.origin,
        );
      } catch {
        // The opener is gone; closing is all that is left.
      }
    }
    window.close();
  }, [code, error, navigate]);

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-background text-sm text-muted-foreground">
      <Spinner className="size-5" label="Completing sign-in" />
      <p>Completing sign-in...</p>
    </div>
  );
}
