import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { authClient } from '@/lib/auth-client';
import { ACCOUNT_EXISTS_HINT, authErrorMessage, UNEXPECTED_ERROR } from './auth-error';

/** Which form the sign-in screen shows. */
export type AuthMode = 'sign-in' | 'sign-up';

/** Props of {@link SignInForm}. */
export interface SignInFormProps {
  mode: AuthMode;
  /** Called with the message to show; `null` clears a previous failure. */
  onError: (message: string | null) => void;
  onSuccess: () => void;
}

/** Better Auth's default minimum; saying it up front saves a failed round trip. */
const MIN_PASSWORD_LENGTH = 8;

/**
 * The submit of {@link SignInForm}: signs up first when `isSignUp`, then signs in, reporting the
 * failure's message to `onError` (and `null` as it starts) and success to `onSuccess`.
 */
function useCredentialsSubmit(
  isSignUp: boolean,
  { onError, onSuccess }: Pick<SignInFormProps, 'onError' | 'onSuccess'>,
) {
  const [submitting, setSubmitting] = useState(false);

  async function submit({ name, email, password }: Credentials) {
    onError(null);
    setSubmitting(true);
    try {
      // Sign-up never signs in (it answers an existing e-mail like a new one), so sign in next.
      if (isSignUp) {
        const { error } = await authClient.signUp.email({
          name: name.trim(),
          email: email.trim(),
          password,
        });
        if (error) {
          onError(authErrorMessage(error));
          return;
        }
      }
      const { error } = await authClient.signIn.email({ email: email.trim(), password });
      if (error) {
        onError(isSignUp && error.status === 401 ? ACCOUNT_EXISTS_HINT : authErrorMessage(error));
        return;
      }
      onSuccess();
    } catch {
      onError(UNEXPECTED_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, submit };
}

/** What the form sends; `name` only counts on sign-up. */
interface Credentials {
  name: string;
  email: string;
  password: string;
}

/** Email and password form; with `mode="sign-up"` it also asks for a name and creates the account. */
export function SignInForm({ mode, onError, onSuccess }: SignInFormProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const isSignUp = mode === 'sign-up';
  const { submitting, submit } = useCredentialsSubmit(isSignUp, { onError, onSuccess });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({ name, email, password });
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      {isSignUp && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            required
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Your name"
          />
        </div>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="you@example.com"
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          required
          minLength={isSignUp ? MIN_PASSWORD_LENGTH : undefined}
          aria-describedby={isSignUp ? `${id}-password-hint` : undefined}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {isSignUp && (
          <p id={`${id}-password-hint`} className="text-xs text-muted-foreground">
            At least {MIN_PASSWORD_LENGTH} characters.
          </p>
        )}
      </div>
      <Button type="submit" className="mt-1 w-full" disabled={submitting}>
        {submitting && (
          <Spinner
            className="text-primary-foreground"
            label={isSignUp ? 'Creating account' : 'Signing in'}
          />
        )}
        {isSignUp ? 'Create account' : 'Sign in'}
      </Button>
    </form>
  );
}
