/**
 * The password step of a protected share link: 'This link is protected' with a password field
 * and 'Open'; a wrong one reads 'Wrong password', too many tries the server's wait.
 */
import { LockKeyhole } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { useOpenSharedMeeting } from '../api/open-shared-meeting';
import { SharedFrame } from './shared-meeting-view';

/** Props of {@link SharePasswordForm}; `onGone` is called when the link answers 404 meanwhile. */
export interface SharePasswordFormProps {
  token: string;
  onGone: () => void;
}

/** The form; a right password puts the meeting in the page's query. */
export function SharePasswordForm({ token, onGone }: SharePasswordFormProps) {
  const open = useOpenSharedMeeting(token);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    open.mutate(password, {
      onError: (err) => {
        if (err instanceof ApiRequestError && err.status === 404) return onGone();
        if (err instanceof ApiRequestError && err.status === 403) return setError('Wrong password');
        setError(err instanceof ApiRequestError ? err.details || err.message : 'Failed to open');
      },
    });
  };
  return (
    <SharedFrame>
      <form
        onSubmit={submit}
        className="mx-auto flex w-full max-w-sm flex-col gap-3 py-10"
        noValidate
      >
        <LockKeyhole className="size-8 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold tracking-tight">This link is protected</h1>
        <label htmlFor={id} className="text-sm text-muted-foreground">
          Enter the password you were given to see the meeting.
        </label>
        <Input
          id={id}
          type="password"
          autoComplete="off"
          autoFocus
          value={password}
          maxLength={200}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" disabled={open.isPending || !password}>
          {open.isPending && <Spinner />}
          Open
        </Button>
      </form>
    </SharedFrame>
  );
}
