import { useId, type ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ThemePicker } from './theme-picker';

/** Props of {@link SettingsDialog}. */
export interface SettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The account section (name, email, sign-out). A slot because it belongs to the auth feature and
   * features do not import each other; the app layer fills it in.
   */
  account?: ReactNode;
  /**
   * The 'Recording' section (backup offer settings). A slot for the same reason: it belongs to the
   * recorder feature.
   */
  recording?: ReactNode;
  /**
   * The 'Transcription' section (local speech models, issue 12 point 2). A slot for the same
   * reason: it belongs to the transcription feature.
   */
  transcription?: ReactNode;
}

/** Names the tab 'Settings' only while the dialog is open (spec 001 page titles). */
function SettingsTitle() {
  useDocumentTitle('Settings');
  return null;
}

/**
 * The Settings dialog: appearance (theme) and, when given, the transcription, recording and
 * account sections.
 */
export function SettingsDialog({
  open,
  onOpenChange,
  account,
  recording,
  transcription,
}: SettingsDialogProps) {
  const themeLabelId = useId();
  const transcriptionLabelId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        {open && <SettingsTitle />}
        <DialogHeader>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>
            Choose how Summy looks and transcribes, and manage your account.
          </DialogDescription>
        </DialogHeader>
        <section className="flex flex-col gap-3">
          <div>
            <h3 id={themeLabelId} className="text-sm font-medium">
              Theme
            </h3>
            <p className="text-xs text-muted-foreground">
              System follows your device's light or dark setting.
            </p>
          </div>
          <ThemePicker labelledBy={themeLabelId} />
        </section>
        {transcription && (
          <section
            aria-labelledby={transcriptionLabelId}
            className="flex flex-col gap-3 border-t pt-4"
          >
            <h3 id={transcriptionLabelId} className="text-sm font-medium">
              Transcription
            </h3>
            {transcription}
          </section>
        )}
        {recording && (
          <section className="flex flex-col gap-3 border-t pt-4">
            <h3 className="text-sm font-medium">Recording</h3>
            {recording}
          </section>
        )}
        {account && (
          <section className="flex flex-col gap-3 border-t pt-4">
            <h3 className="text-sm font-medium">Account</h3>
            {account}
          </section>
        )}
      </DialogContent>
    </Dialog>
  );
}
