import { CircleAlert } from 'lucide-react';

/** Sign-in errors: the heading, and the fallback when the provider gave no message. */
export const SIGN_IN_FAILED = 'Sign in failed';
/** The heading of a refused sign-up: on the 'Create account' form, or a Google sign-up refused. */
export const SIGN_UP_FAILED = 'Sign up failed';
/** See {@link SIGN_IN_FAILED}. */
export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/**
 * Shown when the sign-in that follows a sign-up is refused: the server answers sign-up of an
 * existing e-mail like a new one, so only this second step can tell.
 */
export const ACCOUNT_EXISTS_HINT =
  'Could not sign in to the new account. If this email already has an account, sign in with its password.';

/**
 * The message of a failed Better Auth client call. Summy's own answers (403 origin, 429 rate
 * limit, 400 input) are `{error, details}`, and their `details` say what to do (e.g. 'Rate limit
 * exceeded. Please try again in 42 seconds.'); Better Auth's own are `{message}`.
 */
export function authErrorMessage(error: {
  message?: string | undefined;
  statusText?: string | undefined;
  details?: unknown;
  error?: unknown;
}): string {
  if (typeof error.details === 'string' && error.details) return error.details;
  if (error.message) return error.message;
  if (typeof error.error === 'string' && error.error) return error.error;
  return error.statusText || UNEXPECTED_ERROR;
}

/**
 * What to say for the codes Better Auth sends back without a sentence of its own: an existing
 * account the provider could not be linked to (it did not vouch for the e-mail), and an identity
 * it could not read or verify (a replayed or forged ID token among them).
 */
const OAUTH_CODE_MESSAGES: Record<string, string> = {
  account_not_linked:
    'This e-mail address already has an account, and your identity provider has not verified it. Sign in with your password.',
  unable_to_get_user_info:
    'Your identity provider did not confirm who you are. Try again, or ask the administrator.',
};

/**
 * The message of a provider sign-in Better Auth sent back: its `error_description`, else a
 * sentence for its `error` code, else {@link UNEXPECTED_ERROR}; null when nothing failed.
 */
export function oauthErrorMessage(code: string | null, description: string | null): string | null {
  if (description) return description;
  if (!code) return null;
  return OAUTH_CODE_MESSAGES[code] ?? UNEXPECTED_ERROR;
}

/** A failed sign-in or sign-up: its heading ({@link SIGN_IN_FAILED} or {@link SIGN_UP_FAILED}). */
export interface AuthFailure {
  heading: string;
  message: string;
}

/**
 * The heading of a Google sign-in that Better Auth sent back with `?error=`: a sign-up the server
 * refused (SIGNUP_CLOSED, SIGNUP_NOT_INVITED) reads 'Sign up failed', anything else 'Sign in
 * failed'.
 */
export function oauthErrorHeading(code: string | null): string {
  return code?.startsWith('SIGNUP_') ? SIGN_UP_FAILED : SIGN_IN_FAILED;
}

/** A failed sign-in or sign-up, announced to screen readers as soon as it appears. */
export function AuthError({ heading, message }: AuthFailure) {
  return (
    <div
      role="alert"
      className="flex gap-2.5 rounded-lg border border-destructive/30 bg-destructive/8 px-3 py-2.5 text-sm text-destructive"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium">{heading}</p>
        <p className="break-words text-destructive/90">{message}</p>
      </div>
    </div>
  );
}
