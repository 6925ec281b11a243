/**
 * Settings > Account > API keys: the person's personal API keys for scripts and MCP clients.
 * Create (a name and a scope: 'Read only' or 'Read and write'); the key is shown once in a dialog
 * with Copy; the list shows name, scope, first characters, creation (the day) and last use (to the
 * minute); Revoke asks first. Handed to the account section by the app layer. docs/product.md#api-keys.
 */
import type { ApiKey, ApiKeyScope, CreatedApiKey } from '@summy/core';
import { KeyRound, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ShownOnceDialog } from '@/components/shown-once-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';

const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read only',
  'read-write': 'Read and write',
};

/** Creation to the day ('Dec 7, 2026'), as the app writes dates. */
const day = (iso: string) => formatDate(new Date(iso), 'MMM d, yyyy');
/** Last use to the minute, as the server records it ('Dec 7, 2026, 8:05 AM'). */
const minute = (iso: string) => formatDate(new Date(iso), 'MMM d, yyyy, h:mm a');

/** The API keys block. */
export function ApiKeysSettings() {
  const revoke = useRevokeApiKey();
  const [shown, setShown] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t pt-4">
      <div className="flex flex-col gap-0.5">
        <h4 id={headingId} className="text-sm font-medium">
          API keys
        </h4>
        <p className="text-xs text-muted-foreground">
          For scripts and AI assistants (MCP at <code>/mcp</code>): send a key as{' '}
          <code>Authorization: Bearer …</code>. A key acts as you; keep it secret.
        </p>
      </div>
      <CreateApiKeyForm onCreated={setShown} />
      <ApiKeyList
        revokingId={revoke.isPending ? revoke.variables : undefined}
        onRevoke={setRevoking}
      />

      <ShownOnceDialog
        value={shown?.key ?? null}
        title="Copy your API key"
        description={`This is the only time the key ${shown ? `“${shown.name}”` : ''} is shown. Store it somewhere safe; if it is lost, revoke it and create another.`}
        label="API key"
        copied="API key copied"
        copyFailed="Copy failed: select the key and copy it"
        onClose={() => setShown(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke the API key “${revoking?.name ?? ''}”?`}
        description="Scripts and assistants using it stop working at once. This cannot be undone."
        confirmLabel="Revoke"
        destructive
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => toast.success('API key revoked'),
            onError: (err) =>
              toast.error('Failed to revoke the API key', { description: err.message }),
          })
        }
      />
    </section>
  );
}

/** The create form (name and scope) and its error line; hands the new key to `onCreated`. */
function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const scopeId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Enter a name');
    setError(null);
    create.mutate(
      { name, scope },
      {
        onSuccess: (created) => {
          onCreated(created);
          setName('');
        },
        onError: (err) => setError(err.message || 'Failed to create the API key'),
      },
    );
  };

  return (
    <>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="flex min-w-40 flex-1 flex-col gap-1">
          <label htmlFor={nameId} className="text-xs text-muted-foreground">
            Name
          </label>
          <Input
            id={nameId}
            value={name}
            maxLength={60}
            placeholder="e.g. Claude Desktop"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${nameId}-error` : undefined}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={scopeId} className="text-xs text-muted-foreground">
            Access
          </label>
          <NativeSelect
            id={scopeId}
            value={scope}
            onChange={(e) => setScope(e.target.value as ApiKeyScope)}
          >
            <option value="read">{SCOPE_LABELS.read}</option>
            <option value="read-write">{SCOPE_LABELS['read-write']}</option>
          </NativeSelect>
        </div>
        <Button type="submit" size="sm" className="h-9" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : <KeyRound />}
          Create key
        </Button>
      </form>
      {error && (
        <p id={`${nameId}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * The keys, or their loading, failure or empty line. `revokingId` is the key whose revocation is
 * under way (its button is disabled); `onRevoke` asks to revoke a key.
 */
function ApiKeyList({
  revokingId,
  onRevoke,
}: {
  revokingId: string | undefined;
  onRevoke: (key: ApiKey) => void;
}) {
  const keys = useApiKeys();
  if (keys.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading API keys…
      </p>
    );
  if (keys.isError)
    return (
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="text-destructive">Failed to load API keys</p>
        <Button variant="outline" size="sm" onClick={() => void keys.refetch()}>
          Retry
        </Button>
      </div>
    );
  if (keys.data.length === 0)
    return (
      <p className="rounded-lg border border-dashed px-4 py-3 text-center text-sm text-muted-foreground">
        No API keys yet.
      </p>
    );
  return (
    <ul className="flex flex-col divide-y rounded-lg border" aria-label="API keys">
      {keys.data.map((k) => (
        <li key={k.id} className="flex items-center gap-3 px-3 py-2.5">
          <div className="flex min-w-0 flex-1 flex-col">
            <span className="flex items-center gap-2 text-sm font-medium">
              <span className="truncate">{k.name}</span>
              <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-[11px] font-normal text-muted-foreground">
                {SCOPE_LABELS[k.scope]}
              </span>
            </span>
            <span className="text-xs text-muted-foreground">
              <code>{k.prefix}…</code> · created {day(k.createdAt)} ·{' '}
              {k.lastUsedAt ? `last used ${minute(k.lastUsedAt)}` : 'never used'}
            </span>
          </div>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Revoke the API key ${k.name}`}
            disabled={revokingId === k.id}
            onClick={() => onRevoke(k)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
