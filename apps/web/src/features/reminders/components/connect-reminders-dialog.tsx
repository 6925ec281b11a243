import {
  CALDAV_PRESETS,
  REMINDERS_LABELS,
  REMINDERS_MESSAGES,
  type CaldavPreset,
} from '@summy/core';
import { Info } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useConnectReminders } from '../api/connect-reminders';
import { caldavServerUrl, needsAddress, SERVER_CHOICES } from '../utils/caldav-server';

/** Props of {@link ConnectRemindersDialog}. */
export interface ConnectRemindersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once connected (after the dialog closes): the caller opens 'Configure Apple Reminders'. */
  onConnected: () => void;
}

/** Where each server hands out the app-specific password the note asks for. */
const PASSWORD_HELP: Record<CaldavPreset, string> = {
  icloud:
    'Create one at account.apple.com under Sign-In and Security. iCloud shares only reminder lists that were not upgraded in the Reminders app since iOS 13.',
  nextcloud: 'Create one in Nextcloud under Personal settings › Security › Devices & sessions.',
  fastmail: 'Create one in Fastmail under Settings › Privacy & Security › App passwords.',
  other: 'Use an app password from your CalDAV server if it offers them, else your password.',
};

/**
 * 'Connect Apple Reminders': the CalDAV server (iCloud, Nextcloud, Fastmail or another URL), the
 * Apple ID or user name, the App-Specific Password with the note 'App-specific password required',
 * Cancel and Connect. Connect stays disabled until both are filled; Enter with one missing says
 * 'Missing credentials'. The server checks the credentials before keeping them: a refusal is
 * 'Authentication failed' / 'Please check your credentials and try again', anything else 'Failed to
 * connect to Apple Reminders'.
 */
export function ConnectRemindersDialog({
  open,
  onOpenChange,
  onConnected,
}: ConnectRemindersDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        {/* Mounted per opening, so a reopened dialog starts empty (no password left behind). */}
        {open && <ConnectForm onOpenChange={onOpenChange} onConnected={onConnected} />}
      </DialogContent>
    </Dialog>
  );
}

/** A failed connect: the line under the form, and the toast's title and description. */
function connectFailure(error: Error): { line: string; title: string; description: string } {
  if (error instanceof ApiRequestError && error.status === 401) {
    return {
      line: `${REMINDERS_MESSAGES.authFailed}. ${REMINDERS_MESSAGES.authFailedDetail}.`,
      title: REMINDERS_MESSAGES.authFailed,
      description: REMINDERS_MESSAGES.authFailedDetail,
    };
  }
  return {
    line: `${REMINDERS_MESSAGES.connectFailed}: ${error.message}`,
    title: REMINDERS_MESSAGES.connectFailed,
    description: error.message,
  };
}

/** The form's fields and its submit: checks what is missing, then asks the server to connect. */
function useConnectForm({ onOpenChange, onConnected }: Omit<ConnectRemindersDialogProps, 'open'>) {
  const [preset, setPreset] = useState<CaldavPreset>('icloud');
  const [address, setAddress] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const connect = useConnectReminders();

  const serverUrl = caldavServerUrl(preset, address);
  const hasCredentials = username.trim() !== '' && password !== '';
  const canConnect = hasCredentials && serverUrl !== null && !connect.isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (connect.isPending) return;
    if (!hasCredentials) {
      toast.error(REMINDERS_MESSAGES.missingCredentials, {
        description: REMINDERS_MESSAGES.missingCredentialsDetail,
      });
      return;
    }
    if (!serverUrl) {
      setFailure('Enter the address of your server, such as https://cloud.example.com.');
      return;
    }
    setFailure(null);
    connect.mutate(
      { username: username.trim(), password, containerId: serverUrl },
      {
        onSuccess: () => {
          toast.success(REMINDERS_MESSAGES.connected);
          onOpenChange(false);
          onConnected();
        },
        onError: (error) => {
          const failed = connectFailure(error);
          setFailure(failed.line);
          toast.error(failed.title, { description: failed.description });
        },
      },
    );
  };

  // Enter in a field submits even while Connect is disabled, so a missing field is named.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    if (event.target.type === 'radio') return;
    event.preventDefault();
    submit();
  };

  const choosePreset = (choice: CaldavPreset) => {
    setPreset(choice);
    setFailure(null);
  };

  return {
    preset,
    address,
    username,
    password,
    failure,
    serverUrl,
    canConnect,
    pending: connect.isPending,
    setAddress,
    setUsername,
    setPassword,
    choosePreset,
    submit,
    onKeyDown,
  };
}

function ConnectForm(props: Omit<ConnectRemindersDialogProps, 'open'>) {
  const id = useId();
  const form = useConnectForm(props);
  const { onKeyDown, submit } = form;

  return (
    <form onSubmit={submit} onKeyDown={onKeyDown} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>{REMINDERS_LABELS.connectTitle}</DialogTitle>
        <DialogDescription>
          Sync reminder lists over CalDAV from iCloud, Nextcloud, Fastmail or your own server.
        </DialogDescription>
      </DialogHeader>

      <ServerFieldset id={id} form={form} />
      <CredentialFields id={id} form={form} />

      {form.failure && (
        <p role="alert" className="text-sm text-destructive">
          {form.failure}
        </p>
      )}

      <DialogFooter>
        <Button variant="outline" onClick={() => props.onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={!form.canConnect}>
          {form.pending && <Spinner className="text-current" aria-hidden="true" />}
          {form.pending ? 'Connecting...' : 'Connect'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** What the field groups read from and write to {@link useConnectForm}. */
type ConnectFormState = ReturnType<typeof useConnectForm>;

/** The server choice (iCloud, Nextcloud, Fastmail, other) and, where needed, its address. */
function ServerFieldset({ id, form }: { id: string; form: ConnectFormState }) {
  const { preset } = form;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">Server</legend>
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:grid-cols-4">
        {SERVER_CHOICES.map((choice) => (
          <label
            key={choice}
            className={cn(
              'flex cursor-pointer items-center justify-center rounded-md px-2 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
              'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
              'has-[:checked]:bg-background has-[:checked]:text-foreground has-[:checked]:shadow-sm dark:has-[:checked]:bg-input/40',
            )}
          >
            <input
              type="radio"
              name={`${id}-server`}
              value={choice}
              checked={form.preset === choice}
              onChange={() => form.choosePreset(choice)}
              className="sr-only"
            />
            {CALDAV_PRESETS[choice].label}
          </label>
        ))}
      </div>
      {needsAddress(preset) ? (
        <div className="mt-1 grid gap-2">
          <Label htmlFor={`${id}-address`}>
            {preset === 'nextcloud' ? 'Nextcloud address' : 'CalDAV server URL'}
          </Label>
          <Input
            id={`${id}-address`}
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder={
              preset === 'nextcloud' ? 'https://cloud.example.com' : 'https://dav.example.com/'
            }
            value={form.address}
            onChange={(e) => form.setAddress(e.target.value)}
            aria-invalid={form.address.trim() !== '' && form.serverUrl === null}
            aria-describedby={`${id}-address-hint`}
          />
          <p id={`${id}-address-hint`} className="text-xs break-all text-muted-foreground">
            {form.serverUrl && form.address.trim()
              ? `Summy connects to ${form.serverUrl}`
              : preset === 'nextcloud'
                ? `Summy adds ${CALDAV_PRESETS.nextcloud.url.replace('{your server}', '')}`
                : 'The address your CalDAV server gives for calendar and task apps.'}
          </p>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">
          Summy connects to {CALDAV_PRESETS[preset].url}
        </p>
      )}
    </fieldset>
  );
}

/** The user name (Apple ID) and the app-specific password with where to get one. */
function CredentialFields({ id, form }: { id: string; form: ConnectFormState }) {
  const { preset } = form;
  const apple = preset === 'icloud';
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-username`}>{apple ? REMINDERS_LABELS.appleId : 'User name'}</Label>
        <Input
          id={`${id}-username`}
          type={apple || preset === 'fastmail' ? 'email' : 'text'}
          autoComplete="username"
          spellCheck={false}
          placeholder={apple ? 'name@icloud.com' : preset === 'fastmail' ? 'name@fastmail.com' : ''}
          value={form.username}
          onChange={(e) => form.setUsername(e.target.value)}
          required
        />
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>{REMINDERS_LABELS.password}</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          placeholder={apple ? 'xxxx-xxxx-xxxx-xxxx' : ''}
          value={form.password}
          onChange={(e) => form.setPassword(e.target.value)}
          aria-describedby={`${id}-note`}
          required
        />
        <div
          id={`${id}-note`}
          className="flex gap-2.5 rounded-lg border bg-muted/40 px-3 py-2.5 text-xs text-muted-foreground"
        >
          <Info className="mt-px size-4 shrink-0 text-brand" aria-hidden="true" />
          <p>
            <span className="font-medium text-foreground">{REMINDERS_LABELS.passwordNote}</span>.{' '}
            {PASSWORD_HELP[preset]}
          </p>
        </div>
      </div>
    </>
  );
}
