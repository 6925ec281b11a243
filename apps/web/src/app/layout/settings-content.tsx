import { AccountDetails } from '@/features/auth/components/account-details';
import { GoogleAccountsSettings } from '@/features/google-accounts/components/google-accounts-settings';
import { RecordingSettingsSection } from '@/features/recorder/components/recording-settings-section';
import { SettingsDialog } from '@/features/settings/components/settings-dialog';
import { TranscriptionSettings } from '@/features/transcription/components/transcription-settings';

/**
 * The Settings dialog with the sections other features contribute, composed here because features
 * do not import each other; loaded on demand by the layout.
 */
export default function SettingsContent(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <SettingsDialog
      {...props}
      account={
        <>
          <AccountDetails />
          <GoogleAccountsSettings />
        </>
      }
      recording={<RecordingSettingsSection />}
      transcription={<TranscriptionSettings />}
    />
  );
}
