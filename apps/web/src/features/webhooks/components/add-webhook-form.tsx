/**
 * The form that adds a webhook: the endpoint's URL and the events to send it, at least one. The
 * server's refusal (a private or plain-http address, a name that does not resolve) shows under
 * the form; on success the new endpoint, with its secret, is handed to `onCreated`.
 */
import { WEBHOOK_EVENTS, type CreatedWebhook, type WebhookEvent } from '@summy/core';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useCreateWebhook } from '../api/create-webhook';
import { EVENT_LABELS } from './event-labels';

/** Props of {@link AddWebhookForm}. */
export interface AddWebhookFormProps {
  onCreated: (created: CreatedWebhook) => void;
  onCancel: () => void;
}

/** The Add webhook form. */
export function AddWebhookForm({ onCreated, onCancel }: AddWebhookFormProps) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['meeting.processed']);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  // A correction clears the previous refusal.
  const toggle = (event: WebhookEvent, on: boolean) => {
    setError(null);
    setEvents((current) =>
      on
        ? WEBHOOK_EVENTS.filter((e) => e === event || current.includes(e))
        : current.filter((e) => e !== event),
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) return setError('Enter the URL to send events to');
    if (events.length === 0) return setError('Choose at least one event');
    setError(null);
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          setUrl('');
          onCreated(created);
        },
        onError: (err) => setError(err.message || 'Failed to add the webhook'),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add webhook"
      className="flex flex-col gap-3 rounded-md border bg-background p-3"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-url`} className="text-xs text-muted-foreground">
          Endpoint URL
        </label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoFocus
          value={url}
          maxLength={2000}
          placeholder="https://example.com/summy-webhook"
          onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <EventChoices events={events} onToggle={toggle} />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm break-words text-destructive">
          {error}
        </p>
      )}
      <FormButtons onCancel={onCancel} pending={create.isPending} />
    </form>
  );
}

/** A checkbox per event, with its label and its name; `onToggle` says which and whether on. */
function EventChoices({
  events,
  onToggle,
}: {
  events: readonly WebhookEvent[];
  onToggle: (event: WebhookEvent, on: boolean) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-xs text-muted-foreground">Events</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex cursor-pointer items-start gap-2 text-sm">
            <Checkbox
              checked={events.includes(event)}
              onCheckedChange={(checked) => onToggle(event, checked === true)}
            />
            <span className="flex flex-col">
              {EVENT_LABELS[event]}
              <code className="text-[11px] text-muted-foreground">{event}</code>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Cancel and Add webhook (busy while the webhook is being added). */
function FormButtons({ onCancel, pending }: { onCancel: () => void; pending: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" size="sm" disabled={pending}>
        {pending ? (
          <Spinner className="text-current" aria-hidden="true" />
        ) : (
          <Plus aria-hidden="true" />
        )}
        Add webhook
      </Button>
    </div>
  );
}
