/**
 * One endpoint's delivery log, newest first: per delivery its event and status (Delivered,
 * Pending, Retrying, Failed), when, the last HTTP status and the tries made, and the last error
 * under one not delivered. A list rather than a table, so a phone shows it whole.
 */
import type { WebhookDelivery, WebhookDeliveryStatus } from '@summy/core';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';

const STATUS: Record<WebhookDeliveryStatus, { label: string; className: string }> = {
  delivered: {
    label: 'Delivered',
    className: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  },
  pending: { label: 'Pending', className: 'bg-amber-500/10 text-amber-700 dark:text-amber-400' },
  failed: { label: 'Failed', className: 'bg-destructive/10 text-destructive' },
};

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' }).format(
    new Date(iso),
  );

/** The label of a delivery's state: a pending one that has been tried is retrying. */
function statusOf(d: WebhookDelivery) {
  const s = STATUS[d.status];
  return d.status === 'pending' && d.attempts > 0 ? { ...s, label: 'Retrying' } : s;
}

/** The delivery log of endpoint `webhookId`. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  if (deliveries.isPending) {
    return (
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Spinner /> Loading deliveries…
      </p>
    );
  }
  if (deliveries.isError) {
    return (
      <div className="flex items-center justify-between gap-3 text-xs">
        <p className="text-destructive">Failed to load the deliveries</p>
        <Button variant="outline" size="sm" onClick={() => void deliveries.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (deliveries.data.length === 0) {
    return (
      <p className="text-xs text-muted-foreground">
        No deliveries yet. Events appear here as they are sent; “Send test” sends one now.
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y text-xs" aria-label="Deliveries, newest first">
      {deliveries.data.map((d) => {
        const status = statusOf(d);
        return (
          <li key={d.id} className="flex flex-col gap-0.5 py-1.5">
            <span className="flex flex-wrap items-center justify-between gap-2">
              <code className="break-all">{d.event}</code>
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 font-medium whitespace-nowrap',
                  status.className,
                )}
              >
                {status.label}
              </span>
            </span>
            <span className="text-muted-foreground tabular-nums">
              {when(d.createdAt)} · HTTP {d.lastStatusCode ?? '—'} · {d.attempts}{' '}
              {d.attempts === 1 ? 'try' : 'tries'}
            </span>
            {d.lastError && d.status !== 'delivered' && (
              <span className="break-words text-destructive">{d.lastError}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
