/**
 * Settings > Administration > Invitations: the addresses that may sign up while the sign-up mode
 * is 'By invitation'. Add one (the server checks it is an e-mail address), revoke one; an
 * invitation is used up by the account it lets in.
 */
import { MailPlus, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useCreateInvite } from '../api/create-invite';
import { useInvites } from '../api/get-invites';
import { useRevokeInvite } from '../api/revoke-invite';
import { formatDay } from '../utils/admin-format';

/** The invitations block: the form, then the list. */
export function InvitesSection() {
  return (
    <>
      <InviteForm />
      <InviteList />
    </>
  );
}

/** E-mail and 'Invite', with its error line. */
function InviteForm() {
  const create = useCreateInvite();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.includes('@')) return setError('Enter an e-mail address');
    setError(null);
    create.mutate(email, {
      onSuccess: (invite) => {
        toast.success(`Invited ${invite.email}`);
        setEmail('');
      },
      onError: (err) => setError(err.message || 'Failed to invite'),
    });
  };

  return (
    <>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <label htmlFor={inputId} className="text-xs text-muted-foreground">
            E-mail address
          </label>
          <Input
            id={inputId}
            type="email"
            value={email}
            maxLength={254}
            placeholder="name@example.com"
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
        </div>
        <Button type="submit" size="sm" className="h-9" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : <MailPlus />}
          Invite
        </Button>
      </form>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  );
}

/** The invited addresses with a Revoke button each, or the loading, failure or empty line. */
function InviteList() {
  const invites = useInvites();
  const revoke = useRevokeInvite();
  if (invites.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading invitations…
      </p>
    );
  if (invites.isError)
    return <p className="text-sm text-destructive">Failed to load invitations</p>;
  if (invites.data.length === 0)
    return (
      <p className="rounded-lg border border-dashed px-4 py-3 text-center text-sm text-muted-foreground">
        No open invitations.
      </p>
    );
  return (
    <ul className="flex flex-col divide-y rounded-lg border" aria-label="Invitations">
      {invites.data.map((invite) => (
        <li key={invite.email} className="flex items-center gap-3 px-3 py-2">
          <div className="flex min-w-0 flex-1 flex-col">
            <span className="truncate text-sm">{invite.email}</span>
            <span className="text-xs text-muted-foreground">
              Invited {formatDay(invite.createdAt)}
            </span>
          </div>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Revoke the invitation of ${invite.email}`}
            disabled={revoke.isPending && revoke.variables === invite.email}
            onClick={() =>
              revoke.mutate(invite.email, {
                onSuccess: () => toast.success(`Invitation of ${invite.email} revoked`),
                onError: (err) =>
                  toast.error('Failed to revoke the invitation', { description: err.message }),
              })
            }
          >
            <X aria-hidden="true" />
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}
