import type { ModelsList, ModelStatus } from '@summy/core';
import { useId, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { authClient } from '@/lib/auth-client';
import { useStopModelDownload } from '../api/cancel-model-download';
import { useDownloadModels } from '../api/download-model';
import { useModels } from '../api/get-models';
import { useRemoveModel } from '../api/remove-model';
import { formatBytes, isNotesModel } from '../utils/model-list';
import { ModelRow } from './model-row';

/** What transcribes the next meeting, in words (`GET /api/models` `transcription.provider`). */
const ENGINE_DESCRIPTIONS: Record<ModelsList['transcription']['provider'], string> = {
  offline:
    'New meetings are transcribed by the built-in recognizer, whose transcripts are rough. Download a speech recognizer below for accurate ones.',
  local: 'New meetings are transcribed on this server by the local models below.',
  deepgram: 'New meetings are transcribed by Deepgram, as this server is set up.',
  openai:
    'New meetings are transcribed by the OpenAI-compatible service this server is set up with.',
};

/** '{error}: {details}' of a failed request, in the documented style. */
function failureText(error: Error): string {
  return error instanceof ApiRequestError && error.details
    ? `${error.message}: ${error.details}`
    : error.message;
}

/** The model mutations, the first of their errors, and the model one of them is busy with. */
function useModelActions() {
  const download = useDownloadModels();
  const pause = useStopModelDownload('pause');
  const cancel = useStopModelDownload('cancel');
  const remove = useRemoveModel();
  const failed = download.error ?? pause.error ?? cancel.error ?? remove.error;
  const pendingId =
    (download.isPending && download.variables?.[0]) ||
    (pause.isPending && pause.variables) ||
    (cancel.isPending && cancel.variables) ||
    (remove.isPending && remove.variables) ||
    null;
  return { download, pause, cancel, remove, failed, pendingId };
}

/**
 * Settings > Transcription: the engine that transcribes new meetings, every local speech model of
 * the catalog and, beside them, the notes models (what writes summaries and action items on this
 * server, and what notes are without one), each with Download, a progress bar with Pause and
 * Cancel, or Remove (confirmed).
 * Downloads run on the server for everyone, so only administrators get the buttons; other users see
 * what is installed. The list polls while one runs. Handed to the Settings dialog through its
 * `transcription` slot.
 */
export function TranscriptionSettings() {
  // Shapes the offer only: the server checks the role on every download, pause, cancel, removal.
  const admin = authClient.useSession().data?.user.role === 'admin';
  const models = useModels();
  const { download, pause, cancel, remove, failed, pendingId } = useModelActions();
  const [removing, setRemoving] = useState<ModelStatus | null>(null);
  const notesHeadingId = useId();

  if (models.isPending) {
    return (
      <div className="flex justify-center py-4">
        <Spinner label="Loading models" />
      </div>
    );
  }
  if (models.isError) {
    return (
      <LoadFailed
        error={models.error}
        retrying={models.isFetching}
        onRetry={() => void models.refetch()}
      />
    );
  }

  const list = models.data;
  const speech = list.models.filter((m) => !isNotesModel(m));
  const notes = list.models.filter(isNotesModel);
  const rows = (entries: ModelStatus[]) =>
    entries.map((model) => (
      <ModelRow
        key={model.id}
        model={model}
        manage={admin}
        pending={pendingId === model.id}
        onDownload={(id) => download.mutate([id])}
        onPause={(id) => pause.mutate(id)}
        onCancel={(id) => cancel.mutate(id)}
        onRemove={setRemoving}
      />
    ));
  return (
    <div className="flex flex-col gap-3">
      <p className="text-xs text-muted-foreground">
        {ENGINE_DESCRIPTIONS[list.transcription.provider]} Models run on this server&apos;s CPU and
        are downloaded once.
        {!admin && ' Only an administrator of this server can download or remove them.'}
      </p>
      {list.models.length === 0 ? (
        <p className="text-sm text-muted-foreground">No models are offered by this server.</p>
      ) : (
        <ul aria-label="Speech models" className="flex flex-col gap-2">
          {rows(speech)}
        </ul>
      )}
      {notes.length > 0 && (
        <NotesModels headingId={notesHeadingId} installed={Boolean(list.notes.modelId)}>
          {rows(notes)}
        </NotesModels>
      )}
      {failed && (
        <p role="alert" className="text-xs text-destructive">
          {failureText(failed)}
        </p>
      )}
      <RemoveModelDialog
        model={removing}
        onClose={() => setRemoving(null)}
        onConfirm={(model) => remove.mutate(model.id)}
      />
    </div>
  );
}

/** The model list did not load: the error in full and a way to ask again. */
function LoadFailed({
  error,
  retrying,
  onRetry,
}: {
  error: Error;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 text-sm">
      <p className="text-destructive">Failed to load models: {failureText(error)}</p>
      <Button variant="outline" size="sm" disabled={retrying} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The notes models' heading, what notes are with or without one `installed`, and their rows. */
function NotesModels({
  headingId,
  installed,
  children,
}: {
  headingId: string;
  installed: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <h3 id={headingId} className="mt-2 text-sm font-medium">
        Notes models
      </h3>
      <p className="text-xs text-muted-foreground">
        {installed
          ? 'Summaries and action items are written on this server by the installed notes model.'
          : 'Without a notes model, notes are extractive: sentences picked from the transcript. A notes model writes summaries and action items on this server.'}
      </p>
      <ul aria-labelledby={headingId} className="flex flex-col gap-2">
        {children}
      </ul>
    </>
  );
}

/** Confirms removing `model` (open while it is set), saying what goes and what takes its place. */
function RemoveModelDialog({
  model,
  onClose,
  onConfirm,
}: {
  model: ModelStatus | null;
  onClose: () => void;
  onConfirm: (model: ModelStatus) => void;
}) {
  return (
    <ConfirmDialog
      open={model !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Remove ${model?.name ?? 'model'}?`}
      description={
        model
          ? `Its files (${formatBytes(model.sizeBytes)}) are deleted from this server. ${isNotesModel(model) ? 'Notes are written without it' : 'New meetings use another engine'} until it is downloaded again.`
          : ''
      }
      confirmLabel="Remove"
      destructive
      onConfirm={() => model && onConfirm(model)}
    />
  );
}
