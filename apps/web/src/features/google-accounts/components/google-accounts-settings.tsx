import { GOOGLE_MESSAGES } from '@summy/core';
import { Plus, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useGoogleAccounts } from '../api/get-google-accounts';
import { useAddGoogleAccount } from '../hooks/use-add-google-account';

const ManageAccountsDialog = lazy(() =>
  import('./manage-accounts-dialog').then((m) => ({ default: m.ManageAccountsDialog })),
);

/**
 * The Google part of Settings' Account section (a 'Primary account' label and Add Account), with
 * the way into Manage Accounts. Hidden when the server has no Google configured.
 */
export function GoogleAccountsSettings() {
  const accounts = useGoogleAccounts();
  const { addAccount, isAdding } = useAddGoogleAccount();
  const [manageOpen, setManageOpen] = useState(false);
  const [manageUsed, setManageUsed] = useState(false);
  if (accounts.data === null) return null;
  const primary = accounts.data?.find((a) => a.isPrimary);
  const open = () => {
    setManageUsed(true);
    setManageOpen(true);
  };

  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3">
      <div className="flex min-w-0 flex-col">
        <span className="text-xs font-medium text-muted-foreground">Primary account</span>
        <span className="truncate text-sm">
          {accounts.isError
            ? GOOGLE_MESSAGES.loadFailed
            : accounts.isPending
              ? 'Loading...'
              : (primary?.email ?? 'No Google account linked')}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        {accounts.data && accounts.data.length > 0 && (
          <Button variant="outline" size="sm" onClick={open}>
            <Users />
            Manage Accounts
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          onClick={() => void addAccount()}
          disabled={isAdding || accounts.isPending}
        >
          <Plus />
          Add Account
        </Button>
      </div>
      {manageUsed && (
        <Suspense>
          <ManageAccountsDialog open={manageOpen} onOpenChange={setManageOpen} />
        </Suspense>
      )}
    </div>
  );
}
