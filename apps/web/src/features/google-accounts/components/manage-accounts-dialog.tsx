import {
  GOOGLE_MESSAGES,
  primarySetMessage,
  removedWithMeetingsMessage,
  type GoogleAccount,
} from '@summy/core';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useGoogleAccounts } from '../api/get-google-accounts';
import { useGoogleAccountMeetings } from '../api/get-google-account-meetings';
import { useRemoveGoogleAccount } from '../api/remove-google-account';
import { useSetPrimaryGoogleAccount } from '../api/set-primary-google-account';
import { useAddGoogleAccount } from '../hooks/use-add-google-account';
import { UserAvatar } from '@/components/user-avatar';
import { removedMeetingsDetail } from './removed-meetings-detail';

/** Props of {@link ManageAccountsDialog}. */
export interface ManageAccountsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function Badge({ children, tone }: { children: string; tone: 'brand' | 'muted' | 'warn' }) {
  const tones = {
    brand: 'bg-brand-soft text-brand-soft-foreground',
    muted: 'bg-muted text-muted-foreground',
    warn: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-300',
  };
  return (
    <span
      className={`inline-flex h-5 items-center rounded-full px-2 text-[11px] font-medium ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/**
 * An e-mail address that wraps only before its '@' (never inside a name or domain); a part wider
 * than the row ends in an ellipsis, the whole address in its tooltip.
 */
function EmailLines({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
  return (
    <span className="flex min-w-0 flex-wrap text-sm text-muted-foreground" title={email}>
      {parts.map((part) => (
        <span key={part} className="max-w-full truncate">
          {part}
        </span>
      ))}
    </span>
  );
}

function AccountRow({
  account,
  busy,
  onSetPrimary,
  onRemove,
}: {
  account: GoogleAccount;
  busy: boolean;
  onSetPrimary: () => void;
  onRemove: () => void;
}) {
  return (
    <li
      aria-label={account.email}
      className="flex flex-col gap-2 rounded-lg border bg-card px-3 py-2.5 sm:flex-row sm:items-center sm:gap-3"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <UserAvatar
          name={account.name ?? ''}
          email={account.email}
          image={account.photoUrl}
          className="size-9"
        />
        <div className="flex min-w-0 flex-1 flex-col">
          {account.name && <span className="truncate text-sm font-medium">{account.name}</span>}
          <EmailLines email={account.email} />
          <div className="mt-1 flex flex-wrap gap-1.5 empty:hidden">
            {account.isPrimary && <Badge tone="brand">Primary account</Badge>}
            {account.isAuthAccount && <Badge tone="muted">Sign-in account</Badge>}
            {!account.connected && <Badge tone="warn">Reconnect needed</Badge>}
          </div>
        </div>
      </div>
      {/* Under the account on a phone, so a long e-mail keeps the row's full width. */}
      <div className="flex items-center justify-end gap-1 empty:hidden">
        {!account.isPrimary && (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={onSetPrimary}
            aria-label={`Set ${account.email} as primary`}
          >
            Set as primary
          </Button>
        )}
        {!account.isAuthAccount && (
          <Button
            variant="ghost"
            size="icon-sm"
            disabled={busy}
            onClick={onRemove}
            aria-label={`Remove ${account.email}`}
            className="text-muted-foreground hover:text-destructive"
          >
            <Trash2 />
          </Button>
        )}
      </div>
    </li>
  );
}

/** The remove confirmation, with the real count of meetings linked through the account. */
function RemoveAccountDialog({
  account,
  onOpenChange,
  onConfirm,
}: {
  account: GoogleAccount | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (account: GoogleAccount) => void;
}) {
  const meetings = useGoogleAccountMeetings(account?.id ?? null);
  const detail = meetings.isPending
    ? 'Counting the meetings linked through this account...'
    : meetings.isError
      ? 'Meetings linked through this account keep all their data.'
      : removedMeetingsDetail(meetings.data);
  return (
    <ConfirmDialog
      open={account !== null}
      onOpenChange={onOpenChange}
      title="Remove account?"
      description={
        <>
          <span className="font-medium text-foreground">{account?.email}</span> will no longer be
          used for calendar and contacts. {detail}
        </>
      }
      confirmLabel="Remove"
      destructive
      onConfirm={() => account && onConfirm(account)}
    />
  );
}

/**
 * Manage Accounts: the linked Google accounts. The sign-in account is flagged and has no remove
 * button; any other can be set primary or removed. Add Account links another in a popup. Toasts:
 * docs/product.md#google-accounts.
 */
export function ManageAccountsDialog({ open, onOpenChange }: ManageAccountsDialogProps) {
  const accounts = useGoogleAccounts({ enabled: open });
  const setPrimary = useSetPrimaryGoogleAccount();
  const remove = useRemoveGoogleAccount();
  const { addAccount, isAdding } = useAddGoogleAccount();
  const [removing, setRemoving] = useState<GoogleAccount | null>(null);
  const busy = setPrimary.isPending || remove.isPending;

  const makePrimary = (account: GoogleAccount) =>
    setPrimary.mutate(account, {
      onSuccess: () => toast.success(primarySetMessage(account.email)),
      onError: () => toast.error(GOOGLE_MESSAGES.setPrimaryFailed),
    });
  const confirmRemove = (account: GoogleAccount) =>
    remove.mutate(account, {
      onSuccess: (n) =>
        toast.success(n > 0 ? removedWithMeetingsMessage(n) : GOOGLE_MESSAGES.removed),
      onError: () => toast.error(GOOGLE_MESSAGES.removeFailed),
    });

  const list = accounts.data ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Manage Accounts</DialogTitle>
          <DialogDescription>
            Google accounts Summy reads calendars and contacts from.
          </DialogDescription>
        </DialogHeader>
        {accounts.isPending ? (
          <div className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
            <Spinner label="Loading accounts" />
            Loading...
          </div>
        ) : accounts.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-6 text-sm">
            <p className="text-destructive">{GOOGLE_MESSAGES.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void accounts.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No Google account is linked yet. Add one to see its calendar and contacts.
          </p>
        ) : (
          <ul aria-label="Google accounts" className="flex flex-col gap-2">
            {list.map((account) => (
              <AccountRow
                key={account.id}
                account={account}
                busy={busy}
                onSetPrimary={() => makePrimary(account)}
                onRemove={() => setRemoving(account)}
              />
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => void addAccount()}
            disabled={isAdding || accounts.data === null}
          >
            {isAdding ? <Spinner label="Adding account" /> : <Plus />}
            Add Account
          </Button>
        </DialogFooter>
        <RemoveAccountDialog
          account={removing}
          onOpenChange={(next) => !next && setRemoving(null)}
          onConfirm={confirmRemove}
        />
      </DialogContent>
    </Dialog>
  );
}
