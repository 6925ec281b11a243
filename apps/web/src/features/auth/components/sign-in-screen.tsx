import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Logo } from '@/components/logo';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/utils';
import { usePublicConfig } from '../api/get-public-config';
import { useAuthSession } from '../hooks/use-auth-session';
import {
  AuthError,
  oauthErrorHeading,
  oauthErrorMessage,
  SIGN_IN_FAILED,
  SIGN_UP_FAILED,
  type AuthFailure,
} from './auth-error';
import { useProviderSignIn } from '../hooks/use-provider-sign-in';
import { ProviderSignIn } from './provider-sign-in';
import { SignInForm, type AuthMode } from './sign-in-form';

/** Props of {@link SignInScreen}. */
export interface SignInScreenProps {
  /** /login opens on 'sign-in', /signup on 'sign-up'. */
  initialMode: AuthMode;
}

const MODE_PATHS: Record<AuthMode, string> = { 'sign-in': '/login', 'sign-up': '/signup' };

const tabClass = cn(
  'flex-1 cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none',
  'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:bg-input/40',
);

/**
 * The reason Better Auth gave when a Google or OpenID Connect sign-in was sent back
 * (`?error_description=`, else a sentence for its `?error=` code), headed by what failed (a
 * refused sign-up is SIGNUP_…).
 */
function oauthError(): AuthFailure | null {
  const params = new URLSearchParams(window.location.search);
  const code = params.get('error');
  const message = oauthErrorMessage(code, params.get('error_description'));
  return message ? { heading: oauthErrorHeading(code), message } : null;
}

/**
 * The sign-in screen of /login and /signup: logo, name, tagline, Google and OpenID Connect when
 * the server offers them,
 * and the email/password forms. A signed-in visitor is sent to / replacing history, so Back never
 * lands on a sign-in form they no longer need.
 */
export function SignInScreen({ initialMode }: SignInScreenProps) {
  useDocumentTitle('Sign in - Summy');
  const navigate = useNavigate();
  const { isPending, user, refetch } = useAuthSession();
  const config = usePublicConfig();
  // The address decides the form (/login or /signup), so switching is a navigation.
  const mode = initialMode;
  // A Google or OpenID Connect sign-in the server refused comes back here with the reason (e.g. sign-up closed).
  const [error, setError] = useState<AuthFailure | null>(oauthError);
  const providers = useProviderSignIn(setError);

  // Covers both an already signed-in visitor and the session appearing after sign-in (SIGNED_IN).
  useEffect(() => {
    if (user) navigate('/', { replace: true });
  }, [user, navigate]);

  function changeMode(next: string) {
    const nextMode = next as AuthMode;
    setError(null);
    // Keeps the address shareable and Back meaningful without stacking history entries.
    navigate(MODE_PATHS[nextMode], { replace: true });
  }

  async function handleSuccess() {
    // Read the new session first so the guarded home screen does not bounce back here.
    await refetch().catch(() => undefined);
    navigate('/', { replace: true });
  }

  return (
    <div className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-background px-4 py-10">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[420px] bg-[radial-gradient(60%_60%_at_50%_0%,color-mix(in_oklab,var(--brand)_16%,transparent),transparent)]"
      />
      <main className="relative flex w-full max-w-sm flex-col items-center">
        <Logo className="size-12 drop-shadow-sm" />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">Summy</h1>
        <p className="mt-1.5 text-sm text-muted-foreground">Summarize meetings, save time.</p>

        <div className="mt-8 w-full rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-7">
          {isPending ? (
            <div className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
              <Spinner label="Loading" />
              <span>Loading...</span>
            </div>
          ) : (
            <div className="flex flex-col gap-5">
              <ProviderSignIn
                offered={{
                  google: config.data?.googleEnabled ?? false,
                  oidcLabel: config.data?.oidc?.label ?? null,
                }}
                pending={providers.pending}
                onStart={(provider) => void providers.start(provider)}
              />
              <AuthTabs
                mode={mode}
                error={error}
                onModeChange={changeMode}
                onError={setError}
                onSuccess={handleSuccess}
              />
            </div>
          )}
        </div>

        <PrivacyNote />
      </main>
    </div>
  );
}

/**
 * The 'Sign in' and 'Create account' tabs over the form of `mode`, with the last failure above
 * it. The form's message is headed by what failed (signing in or creating the account).
 */
function AuthTabs({
  mode,
  error,
  onModeChange,
  onError,
  onSuccess,
}: {
  mode: AuthMode;
  error: AuthFailure | null;
  onModeChange: (next: string) => void;
  onError: (failure: AuthFailure | null) => void;
  onSuccess: () => void;
}) {
  return (
    <Tabs.Root value={mode} onValueChange={onModeChange} className="flex flex-col gap-5">
      <Tabs.List
        aria-label="Sign in or create an account"
        className="flex gap-1 rounded-lg bg-muted p-1"
      >
        <Tabs.Trigger value="sign-in" className={tabClass}>
          Sign in
        </Tabs.Trigger>
        <Tabs.Trigger value="sign-up" className={tabClass}>
          Create account
        </Tabs.Trigger>
      </Tabs.List>
      {error && <AuthError {...error} />}
      <Tabs.Content value={mode} className="outline-none" tabIndex={-1}>
        <SignInForm
          mode={mode}
          onError={(message) =>
            onError(
              message
                ? {
                    heading: mode === 'sign-up' ? SIGN_UP_FAILED : SIGN_IN_FAILED,
                    message,
                  }
                : null,
            )
          }
          onSuccess={onSuccess}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** The consent line under the card, linking to /privacy-policy. */
function PrivacyNote() {
  return (
    <p className="mt-6 text-center text-xs text-muted-foreground">
      By continuing you agree to how Summy handles your data, described in our{' '}
      <Link
        to="/privacy-policy"
        className="font-medium text-foreground underline underline-offset-4 hover:text-brand-soft-foreground"
      >
        Privacy Policy
      </Link>
      .
    </p>
  );
}
