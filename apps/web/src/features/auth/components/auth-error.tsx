import { CircleAlert } from 'lucide-react';

/** Spec 001 section 8, Sign-in: the heading, and the fallback when the provider gave no message. */
export const SIGN_IN_FAILED = 'Sign in failed';
/** See {@link SIGN_IN_FAILED}. */
export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** A failed sign-in, announced to screen readers as soon as it appears. */
export function AuthError({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex gap-2.5 rounded-lg border border-destructive/30 bg-destructive/8 px-3 py-2.5 text-sm text-destructive"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium">{SIGN_IN_FAILED}</p>
        <p className="break-words text-destructive/90">{message}</p>
      </div>
    </div>
  );
}
