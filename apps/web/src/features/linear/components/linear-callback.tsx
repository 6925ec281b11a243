import { LINEAR_MESSAGES, type LinearAuthMessage } from '@summy/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/lib/toast';
import { exchangeLinearCode } from '../api/exchange-linear-code';
import { clearLinearReturnTo, readLinearReturnTo, safeReturnPath } from '../utils/linear-storage';

/** The opener this page may report to: a same-origin window that is still open. */
function openerWindow(): Window | null {
  const opener = window.opener as Window | null;
  return opener && !opener.closed ? opener : null;
}

/** Posts the outcome to the opener on our own origin only, so no other site can read it. */
function postToOpener(opener: Window, message: LinearAuthMessage): void {
  try {
    opener.postMessage(message, window.location.origin);
  } catch {
    // The opener went away meanwhile; closing is all that is left.
  }
}

/** Linear's `?error=` (the person declined, or a bad request) in the callback's wording. */
function deniedMessage(error: string, description: string | null): string {
  return description
    ? `${LINEAR_MESSAGES.connectFailed}: ${description}`
    : `${LINEAR_MESSAGES.connectFailed} (${error})`;
}

/**
 * /linear/callback: reads `code`, `error` and `state`; exchanges the code through `POST
 * /api/linear/token` (the server checks the state and keeps the token); posts LINEAR_AUTH_SUCCESS
 * or LINEAR_AUTH_ERROR to the opener and closes. Opened in this window rather than a popup, it goes
 * back to the saved page (or /) with a toast instead. With no code and no error it returns to the
 * saved return URL, or to /.
 */
export function LinearCallback() {
  useDocumentTitle('Connecting Linear - Summy');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // React runs effects twice in development; a code can be exchanged only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const error = params.get('error');
    const state = params.get('state') ?? '';
    const opener = openerWindow();

    const goBack = (returnTo?: string | null) => {
      const target = safeReturnPath(returnTo) ?? readLinearReturnTo() ?? '/';
      clearLinearReturnTo();
      navigate(target, { replace: true });
    };
    const report = (message: LinearAuthMessage) => {
      if (opener) {
        postToOpener(opener, message);
        window.close();
        return;
      }
      if (message.type === 'LINEAR_AUTH_SUCCESS') {
        toast.success('Linear connected');
        goBack(message.returnTo);
      } else {
        toast.error(LINEAR_MESSAGES.errorTitle, { description: message.error });
        goBack();
      }
    };

    if (error) {
      report({
        type: 'LINEAR_AUTH_ERROR',
        error: deniedMessage(error, params.get('error_description')),
      });
      return;
    }
    if (!code) {
      goBack();
      return;
    }
    exchangeLinearCode(code, state).then(
      (answer) => report({ type: 'LINEAR_AUTH_SUCCESS', returnTo: answer.returnTo }),
      (cause: unknown) => {
        const message = cause instanceof Error ? cause.message : LINEAR_MESSAGES.connectFailed;
        setFailure(message);
        report({ type: 'LINEAR_AUTH_ERROR', error: message });
      },
    );
  }, [navigate, params]);

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-background px-6 text-center text-sm text-muted-foreground">
      {failure ? (
        <p role="alert" className="text-destructive">
          {failure}
        </p>
      ) : (
        <>
          <Spinner className="size-5" label="Connecting Linear" />
          <p>Connecting Linear...</p>
        </>
      )}
    </div>
  );
}
