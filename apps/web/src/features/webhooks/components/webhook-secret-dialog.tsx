/**
 * The dialog that shows a new webhook's signing secret, the only time it is shown, with Copy and
 * how to check a signature (the receiver's `standardwebhooks` library).
 */
import type { CreatedWebhook } from '@summy/core';
import { ShownOnceDialog } from '@/components/shown-once-dialog';

/** Props of {@link WebhookSecretDialog}: open while `created` is set. */
export interface WebhookSecretDialogProps {
  created: CreatedWebhook | null;
  onClose: () => void;
}

/** The secret, shown once. */
export function WebhookSecretDialog({ created, onClose }: WebhookSecretDialogProps) {
  return (
    <ShownOnceDialog
      value={created?.secret ?? null}
      title="Copy the signing secret"
      description={
        <>
          This is the only time the secret of this webhook is shown. Your receiver checks each
          request’s <code>webhook-signature</code> with it (Standard Webhooks); if it is lost,
          delete the webhook and add it again.
        </>
      }
      label="Signing secret"
      copied="Secret copied"
      copyFailed="Copy failed: select the secret and copy it"
      onClose={onClose}
    />
  );
}
