/**
 * The meeting's Share dialog: people on this server who may read it (added by e-mail, removed at
 * any time); then a link for anyone: when it expires (never, in 7 or 30 days), an optional
 * password, what it shows (Summary, Action items, Transcript, Recording; My notes only when
 * ticked), 'Create link', then the link with 'Copy link'; and the meeting's links with their
 * views, last view and Revoke. Composed into the meeting menu by the app layer.
 * docs/product.md#share-links.
 */
import type { CreatedShareLink, ShareExpiry, ShareParts } from '@summy/core';
import { Copy, Link2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useCreateShareLink } from '../api/create-share-link';
import { useMeetingShareLinks } from '../api/get-meeting-share-links';
import { SHARE_EXPIRY_LABELS, SHARE_PART_LABELS, shareUrl } from './share-format';
import { MeetingViewers } from './meeting-viewers';
import { ShareLinkList } from './share-link-list';

/** Props of {@link ShareDialog}. */
export interface ShareDialogProps {
  meetingId: string;
  meetingTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const DEFAULT_PARTS: ShareParts = {
  summary: true,
  actionItems: true,
  transcript: false,
  recording: false,
  notes: false,
};

/** The dialog; its links are read while it is open. */
export default function ShareDialog({
  meetingId,
  meetingTitle,
  open,
  onOpenChange,
}: ShareDialogProps) {
  const links = useMeetingShareLinks(meetingId, open);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setCreated(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Share “{meetingTitle}”</DialogTitle>
          <DialogDescription>
            Let people on this server read it, or make a link anyone can open without an account.
          </DialogDescription>
        </DialogHeader>
        <MeetingViewers meetingId={meetingId} open={open} />
        <h3 className="border-t pt-4 text-sm font-medium">Anyone with the link</h3>
        {created ? (
          <CreatedLink link={created} onAnother={() => setCreated(null)} />
        ) : (
          <CreateShareForm meetingId={meetingId} onCreated={setCreated} />
        )}
        <section className="flex flex-col gap-2 border-t pt-4">
          <h3 className="text-sm font-medium">Links to this meeting</h3>
          <ShareLinkList links={links} label="Links to this meeting" />
        </section>
      </DialogContent>
    </Dialog>
  );
}

function CreateShareForm({
  meetingId,
  onCreated,
}: {
  meetingId: string;
  onCreated: (link: CreatedShareLink) => void;
}) {
  const create = useCreateShareLink(meetingId);
  const [expiry, setExpiry] = useState<ShareExpiry>('7d');
  const [password, setPassword] = useState('');
  const [parts, setParts] = useState<ShareParts>(DEFAULT_PARTS);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!Object.values(parts).some(Boolean)) return setError('Choose at least one part to show');
    if (password && password.length < 4) return setError('Use at least 4 characters');
    setError(null);
    create.mutate(
      { expiry, password: password || null, parts },
      {
        onSuccess: (link) => {
          onCreated(link);
          setPassword('');
        },
        onError: (err) => setError(err.message || 'Failed to create the link'),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <PartsFieldset parts={parts} onChange={setParts} />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-expiry`} className="text-xs text-muted-foreground">
            Expires
          </label>
          <NativeSelect
            id={`${id}-expiry`}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as ShareExpiry)}
          >
            {Object.entries(SHARE_EXPIRY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-password`} className="text-xs text-muted-foreground">
            Password (optional)
          </label>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            value={password}
            maxLength={200}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="self-end" disabled={create.isPending}>
        {create.isPending ? <Spinner /> : <Link2 />}
        Create link
      </Button>
    </form>
  );
}

/** 'What the link shows': one checkbox per part, My notes unticked unless the person ticks it. */
function PartsFieldset({
  parts,
  onChange,
}: {
  parts: ShareParts;
  onChange: (parts: ShareParts) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">What the link shows</legend>
      <div className="grid grid-cols-2 gap-2">
        {SHARE_PART_LABELS.map(({ key, label }) => (
          <label key={key} className="flex items-center gap-2 text-sm">
            <Checkbox
              className="mt-0"
              checked={parts[key]}
              onCheckedChange={(checked) => onChange({ ...parts, [key]: checked === true })}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CreatedLink({ link, onAnother }: { link: CreatedShareLink; onAnother: () => void }) {
  const url = shareUrl(link.token);
  const id = useId();
  const copy = () =>
    void navigator.clipboard.writeText(url).then(
      () => toast.success('Link copied'),
      () => toast.error('Copy failed: select the link and copy it'),
    );
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Your link
      </label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" onClick={copy}>
          <Copy />
          Copy link
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        This is the only time the link is shown. Revoke it below to stop sharing.
      </p>
      <Button type="button" variant="ghost" size="sm" className="self-start" onClick={onAnother}>
        Create another link
      </Button>
    </div>
  );
}
