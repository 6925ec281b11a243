/**
 * 'People on this server' in the Share dialog: add an account of this server by e-mail as a
 * viewer (it reads the meeting under 'Shared with me' and may ask about it in chats, never
 * changes it), and the meeting's viewers with Remove, which takes effect at once.
 * docs/product.md#share-links.
 */
import type { MeetingViewer } from '@summy/core';
import { UserPlus, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAddMeetingViewer } from '../api/add-meeting-viewer';
import { useMeetingViewers } from '../api/get-meeting-viewers';
import { useRemoveMeetingViewer } from '../api/remove-meeting-viewer';

/** The plain sentence of a failed request: the server's details when it gave them. */
function failure(err: Error): string {
  return err instanceof ApiRequestError && err.details ? err.details : err.message;
}

/** The section: the add form and the viewers, read while `open`. */
export function MeetingViewers({ meetingId, open }: { meetingId: string; open: boolean }) {
  const viewers = useMeetingViewers(meetingId, open);
  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${meetingId}-viewers`}>
      <h3 id={`${meetingId}-viewers`} className="text-sm font-medium">
        People on this server
      </h3>
      <AddViewerForm meetingId={meetingId} />
      {viewers.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading people…
        </p>
      ) : viewers.isError ? (
        <div className="flex items-center justify-between gap-3 text-sm">
          <p className="text-destructive">Failed to load who can read this meeting</p>
          <Button variant="outline" size="sm" onClick={() => void viewers.refetch()}>
            Retry
          </Button>
        </div>
      ) : viewers.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Only you can open this meeting in Summy.</p>
      ) : (
        <ViewerList meetingId={meetingId} viewers={viewers.data} />
      )}
    </section>
  );
}

function AddViewerForm({ meetingId }: { meetingId: string }) {
  const add = useAddMeetingViewer(meetingId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address.includes('@')) return setError('Enter an e-mail address');
    setError(null);
    add.mutate(address, {
      onSuccess: (viewer) => {
        setEmail('');
        toast.success(`${viewer.name || viewer.email} can now read this meeting`);
      },
      onError: (err) => setError(failure(err)),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5" noValidate>
      <label htmlFor={id} className="text-xs text-muted-foreground">
        Add by e-mail: they can read it and ask about it, not change it
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          value={email}
          maxLength={254}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={add.isPending}>
          {add.isPending ? <Spinner /> : <UserPlus />}
          Add
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

function ViewerList({ meetingId, viewers }: { meetingId: string; viewers: MeetingViewer[] }) {
  const remove = useRemoveMeetingViewer(meetingId);
  return (
    <ul className="flex flex-col divide-y rounded-lg border" aria-label="People who can read it">
      {viewers.map((viewer) => (
        <li
          key={viewer.userId}
          className="flex items-center gap-3 px-3 py-2"
          data-testid="meeting-viewer-row"
        >
          <div className="flex min-w-0 flex-1 flex-col">
            <span className="truncate text-sm font-medium">{viewer.name || viewer.email}</span>
            <span className="truncate text-xs text-muted-foreground">{viewer.email}</span>
          </div>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${viewer.name || viewer.email}`}
            disabled={remove.isPending && remove.variables === viewer.userId}
            onClick={() =>
              remove.mutate(viewer.userId, {
                onError: (err) =>
                  toast.error('Failed to remove access', { description: failure(err) }),
              })
            }
          >
            <X aria-hidden="true" />
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}
