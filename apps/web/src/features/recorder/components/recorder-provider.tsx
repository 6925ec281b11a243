import { useMemo, type ReactNode } from 'react';
import { authClient } from '@/lib/auth-client';
import { RecorderContext, type RecorderContextValue } from '../hooks/use-recorder';
import { useRecordingRecovery } from '../hooks/use-recording-recovery';
import { useRecordingSession } from '../hooks/use-recording-session';
import { useUploadFile } from '../hooks/use-upload-file';
import { RecoveryDialog } from './recovery-dialog';

/**
 * Provides the tab's recorder (start recording, stop, upload) to everything
 * under the app shell. Mounted around the shell so a recording survives navigation; it also offers
 * to recover recordings a closed tab left behind.
 */
export function RecorderProvider({ children }: { children: ReactNode }) {
  const { data: session } = authClient.useSession();
  const userId = session?.user.id ?? null;
  const { uploadFile, uploading } = useUploadFile();
  const recovery = useRecordingRecovery({ userId });
  const recording = useRecordingSession({ userId, onLocalCopyKept: recovery.rescan });

  const isUploading = uploading > 0;
  const value = useMemo<RecorderContextValue>(
    () => ({ ...recording, uploading: isUploading, uploadFile }),
    [recording, isUploading, uploadFile],
  );
  const { state } = recording;

  return (
    <RecorderContext value={value}>
      {children}
      <RecoveryDialog
        offer={state === 'idle' || state === 'denied' ? recovery.offer : null}
        busy={recovery.busy}
        onRecover={() => void recovery.recover()}
        onDiscard={() => void recovery.discard()}
      />
    </RecorderContext>
  );
}
