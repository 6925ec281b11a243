import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { GoogleIcon } from './google-icon';

/** The providers the server offers (from `GET /api/config`) besides e-mail and password. */
export interface OfferedProviders {
  google: boolean;
  /** The OpenID Connect button's label (OIDC_NAME), or null when the server has no provider. */
  oidcLabel: string | null;
}

/** Better Auth's id of each sign-in provider. */
export type ProviderId = 'google' | 'oidc';

/**
 * 'Continue with Google' and the OpenID Connect button (labelled by the server), those offered,
 * then the 'or continue with email' divider; nothing when neither is offered.
 */
export function ProviderSignIn({
  offered,
  pending,
  onStart,
}: {
  offered: OfferedProviders;
  pending: ProviderId | null;
  onStart: (provider: ProviderId) => void;
}) {
  if (!offered.google && !offered.oidcLabel) return null;
  return (
    <>
      <div className="flex flex-col gap-2.5">
        {offered.google && (
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            onClick={() => onStart('google')}
            disabled={pending !== null}
          >
            {pending === 'google' ? (
              <Spinner label="Redirecting to Google" />
            ) : (
              <GoogleIcon className="size-4" />
            )}
            Continue with Google
          </Button>
        )}
        {offered.oidcLabel && (
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            onClick={() => onStart('oidc')}
            disabled={pending !== null}
          >
            {pending === 'oidc' ? (
              <Spinner label="Redirecting to your identity provider" />
            ) : (
              <KeyRound className="size-4" aria-hidden="true" />
            )}
            {offered.oidcLabel}
          </Button>
        )}
      </div>
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or continue with email
        <span className="h-px flex-1 bg-border" />
      </div>
    </>
  );
}
