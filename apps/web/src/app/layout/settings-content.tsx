import { AdministrationSettings } from '@/features/admin/components/administration-settings';
import { AiPreferencesSection } from '@/features/ai-preferences/components/ai-preferences-section';
import { ApiKeysSettings } from '@/features/api-keys/components/api-keys-settings';
import { AccountDetails } from '@/features/auth/components/account-details';
import { GoogleAccountsSettings } from '@/features/google-accounts/components/google-accounts-settings';
import { useRecordingPreferences } from '@/features/live/api/get-recording-preferences';
import { useUpdateRecordingPreferences } from '@/features/live/api/update-recording-preferences';
import { LinearIntegrationSettings } from '@/features/linear/components/linear-integration-settings';
import { RemindersIntegrationSettings } from '@/features/reminders/components/reminders-integration-settings';
import { RecordingSettingsSection } from '@/features/recorder/components/recording-settings-section';
import { SettingsDialog } from '@/features/settings/components/settings-dialog';
import { ShareLinksSettings } from '@/features/shares/components/share-links-settings';
import { TranscriptionSettings } from '@/features/transcription/components/transcription-settings';
import { VoiceProfiles } from '@/features/transcription/components/voice-profiles';
import { WebhooksSettings } from '@/features/webhooks/components/webhooks-settings';
import { authClient } from '@/lib/auth-client';
import type { SettingsTab } from '@/lib/open-settings';

/** Props of {@link SettingsContent}: the dialog's open state and tab, owned by the layout. */
export interface SettingsContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: SettingsTab;
  onTabChange: (tab: SettingsTab) => void;
}

/**
 * The Settings dialog with the sections other features contribute, composed here because features
 * do not import each other; loaded on demand by the layout. General: the AI preferences, the
 * transcription models and the recording settings after the dialog's own theme and app icon
 * choices. Account: who is signed in, the Google accounts, the API keys and the share links. Integrations: one block per
 * integration, Linear, reminders, then webhooks. What's New is the dialog's own. Administration
 * only when the session's user is an administrator (the server checks again on every request).
 */
export default function SettingsContent(props: SettingsContentProps) {
  const admin = authClient.useSession().data?.user.role === 'admin';
  return (
    <SettingsDialog
      {...props}
      administration={admin ? <AdministrationSettings /> : undefined}
      account={
        <AccountDetails
          linkedAccounts={<GoogleAccountsSettings />}
          apiKeys={
            <>
              <ApiKeysSettings />
              <ShareLinksSettings />
            </>
          }
        />
      }
      ai={<AiPreferencesSection />}
      recording={<RecordingSettings />}
      transcription={<TranscriptionSettings />}
      voices={<VoiceProfiles />}
      integrations={
        <>
          <LinearIntegrationSettings />
          <RemindersIntegrationSettings />
          <WebhooksSettings />
        </>
      }
    />
  );
}

/**
 * Settings > Recording: the recorder's browser settings with the live feature's 'Live transcript'
 * switch, which is stored on the server (`PUT /api/settings/recording`).
 */
function RecordingSettings() {
  const preferences = useRecordingPreferences().data;
  const update = useUpdateRecordingPreferences();
  return (
    <RecordingSettingsSection
      liveTranscript={{
        checked: preferences?.liveTranscript,
        onCheckedChange: (liveTranscript) => update.mutate({ liveTranscript }),
      }}
    />
  );
}
