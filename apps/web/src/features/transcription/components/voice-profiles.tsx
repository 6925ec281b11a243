/**
 * Settings > Voice profiles: the people whose voice Summy knows (from speakers the person named in
 * meetings transcribed with the speaker embedding model), each with the meetings it averages, a
 * player for its short clip, and Delete (confirmed). Handed to the Settings dialog through its
 * `voices` slot. docs/product.md#speaker-names.
 */
import type { VoiceProfile } from '@summy/core';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useDeleteVoiceProfile } from '../api/delete-voice-profile';
import { useVoiceProfiles } from '../api/get-voice-profiles';

/** The list of voice profiles with its empty, loading and error states. */
export function VoiceProfiles() {
  const profiles = useVoiceProfiles();
  const remove = useDeleteVoiceProfile();
  const [deleting, setDeleting] = useState<VoiceProfile | null>(null);

  if (profiles.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading voice profiles…
      </p>
    );
  }
  if (profiles.isError) {
    return (
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="text-destructive">Failed to load voice profiles</p>
        <Button variant="outline" size="sm" onClick={() => void profiles.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-xs text-muted-foreground">
        When you name a speaker, Summy keeps a voiceprint of that person and a short clip, and
        suggests the name when the voice is heard again. Only you can see or use them.
      </p>
      {profiles.data.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-4 text-center text-sm text-muted-foreground">
          No voice profiles yet. Name a speaker in a meeting transcribed with the speaker model to
          add one.
        </p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border" aria-label="Voice profiles">
          {profiles.data.map((p) => (
            <VoiceProfileRow
              key={p.id}
              profile={p}
              deleting={remove.isPending && remove.variables === p.id}
              onDelete={() => setDeleting(p)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete the voice profile of ${deleting?.name ?? 'this person'}?`}
        description="Its voiceprint and clip are deleted. Meetings keep the names you gave; the voice is no longer suggested."
        confirmLabel="Delete"
        destructive
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Voice profile deleted'),
            onError: (err) =>
              toast.error('Failed to delete the voice profile', { description: err.message }),
          })
        }
      />
    </div>
  );
}

/** One profile: name, e-mail and meeting count, its clip's player (or 'No sample'), and Delete. */
function VoiceProfileRow({
  profile: p,
  deleting,
  onDelete,
}: {
  profile: VoiceProfile;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <li className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:gap-3">
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium">{p.name}</span>
        <span className="truncate text-xs text-muted-foreground">
          {[p.email, p.meetings === 1 ? '1 meeting' : `${p.meetings} meetings`]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <div className="flex items-center gap-2">
        {p.sampleUrl ? (
          <audio
            controls
            preload="none"
            src={p.sampleUrl}
            aria-label={`Voice sample of ${p.name}`}
            className="h-8 min-w-0 flex-1 sm:w-56 sm:flex-none"
          />
        ) : (
          <span className="flex-1 text-xs text-muted-foreground">No sample</span>
        )}
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete the voice profile of ${p.name}`}
          disabled={deleting}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
