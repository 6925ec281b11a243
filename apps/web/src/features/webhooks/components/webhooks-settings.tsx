/**
 * Settings > Integrations > Webhooks: the person's endpoints that Summy POSTs signed events to
 * (Standard Webhooks). Add (a URL and events; the signing secret is shown once, with Copy), then
 * per endpoint: its events as chips, an on/off switch, Send test, the delivery log, and Delete
 * after a confirmation. Handed to the Integrations tab by the app layer.
 * docs/self-hosting.md#webhooks.
 */
import type { CreatedWebhook, Webhook } from '@summy/core';
import { ChevronDown, Plus, Send, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { IntegrationCard } from '@/components/integration-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useSendTestWebhook } from '../api/send-test-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { AddWebhookForm } from './add-webhook-form';
import { EVENT_LABELS } from './event-labels';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookSecretDialog } from './webhook-secret-dialog';

/** The Webhooks block of Settings > Integrations. */
export function WebhooksSettings() {
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  return (
    <IntegrationCard
      icon={
        <WebhookIcon className="size-5 text-violet-600 dark:text-violet-400" aria-hidden="true" />
      }
      title="Webhooks"
      connected={false}
      detail="Summy sends signed events to your URLs when a meeting is processed or deleted and when a to-do is created or completed."
      actions={
        !adding && (
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add webhook
          </Button>
        )
      }
    >
      {adding && (
        <AddWebhookForm
          onCancel={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            setShown(created);
          }}
        />
      )}
      {webhooks.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading webhooks…
        </p>
      ) : webhooks.isError ? (
        <div className="flex items-center justify-between gap-3 text-sm">
          <p className="text-destructive">Failed to load webhooks</p>
          <Button variant="outline" size="sm" onClick={() => void webhooks.refetch()}>
            Retry
          </Button>
        </div>
      ) : webhooks.data.length === 0 ? (
        !adding && (
          <p className="rounded-lg border border-dashed px-4 py-3 text-center text-sm text-muted-foreground">
            No webhooks yet. Add one to send Summy’s events to another app.
          </p>
        )
      ) : (
        <ul
          className="flex flex-col divide-y rounded-lg border bg-background"
          aria-label="Webhooks"
        >
          {webhooks.data.map((w) => (
            <WebhookRow key={w.id} webhook={w} onDelete={() => setDeleting(w)} />
          ))}
        </ul>
      )}

      <WebhookSecretDialog created={shown} onClose={() => setShown(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this webhook?"
        description={`Summy stops sending events to ${deleting?.url ?? 'it'} and forgets its delivery log. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Webhook deleted'),
            onError: (err) =>
              toast.error('Failed to delete the webhook', { description: err.message }),
          })
        }
      />
    </IntegrationCard>
  );
}

/** One endpoint: URL, event chips, switch, Send test, Deliveries and Delete. */
function WebhookRow({ webhook, onDelete }: { webhook: Webhook; onDelete: () => void }) {
  const test = useSendTestWebhook();
  const [open, setOpen] = useState(false);
  const id = useId();

  return (
    <li className="flex flex-col gap-2 px-3 py-2.5">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1.5">
          <span id={`${id}-url`} className="font-mono text-xs break-all">
            {webhook.url}
          </span>
          <EventChips webhook={webhook} />
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <EnabledSwitch webhook={webhook} describedBy={`${id}-url`} />
          <Button
            variant="outline"
            size="sm"
            aria-label={`Send test event to ${webhook.url}`}
            disabled={test.isPending}
            onClick={() =>
              test.mutate(webhook.id, {
                onSuccess: () => {
                  setOpen(true);
                  toast.success('Test event queued');
                },
                onError: (err) =>
                  toast.error('Failed to send the test event', { description: err.message }),
              })
            }
          >
            {test.isPending ? <Spinner aria-hidden="true" /> : <Send aria-hidden="true" />}
            Send test
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Delete the webhook ${webhook.url}`}
            title="Delete"
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <button
        type="button"
        className="flex w-fit items-center gap-1 rounded text-xs text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        aria-expanded={open}
        aria-controls={`${id}-log`}
        onClick={() => setOpen((o) => !o)}
      >
        <ChevronDown
          className={`size-3.5 transition-transform ${open ? '' : '-rotate-90'}`}
          aria-hidden="true"
        />
        Deliveries
      </button>
      {open && (
        <div id={`${id}-log`}>
          <WebhookDeliveries webhookId={webhook.id} />
        </div>
      )}
    </li>
  );
}

/** The endpoint's events as chips. */
function EventChips({ webhook }: { webhook: Webhook }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Events">
      {webhook.events.map((event) => (
        <li
          key={event}
          className="rounded-full bg-muted px-2 py-0.5 text-[11px] text-muted-foreground"
        >
          {EVENT_LABELS[event]}
        </li>
      ))}
    </ul>
  );
}

/**
 * The endpoint's on/off switch with its 'On'/'Off' word; it shows the asked state while the
 * change is saved, and a failure as a toast. `describedBy` names the element with the URL.
 */
function EnabledSwitch({ webhook, describedBy }: { webhook: Webhook; describedBy: string }) {
  const update = useUpdateWebhook();
  const enabled =
    update.isPending && update.variables.enabled !== undefined
      ? update.variables.enabled
      : webhook.enabled;
  return (
    <div className="mr-1 flex items-center gap-2 text-xs text-muted-foreground">
      <Switch.Root
        checked={enabled}
        onCheckedChange={(checked) =>
          update.mutate(
            { id: webhook.id, enabled: checked },
            {
              onError: (err) =>
                toast.error('Failed to change the webhook', { description: err.message }),
            },
          )
        }
        aria-label="Enabled"
        aria-describedby={describedBy}
        className="peer inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border border-transparent shadow-xs transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input dark:data-[state=unchecked]:bg-input/80"
      >
        <Switch.Thumb className="pointer-events-none block size-4 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0.5 dark:data-[state=checked]:bg-primary-foreground" />
      </Switch.Root>
      <span aria-hidden="true">{enabled ? 'On' : 'Off'}</span>
    </div>
  );
}
