import { Blocks, Settings2, UserRound, type LucideIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { readSettingsTab, type SettingsTab } from '@/lib/open-settings';
import { cn } from '@/lib/utils';
import { AppIconThemePicker } from './app-icon-theme-picker';
import { ThemePicker } from './theme-picker';

/** Props of {@link SettingsDialog}. */
export interface SettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The tab shown (spec 001 section 2 "Settings dialog"); with {@link onTabChange} the caller
   * controls it (the layout opens Settings on the tab `?tab=` or the 'openSettings' event names).
   * Without it the dialog keeps its own, starting on General.
   */
  tab?: SettingsTab;
  /** Called when the person picks another tab. */
  onTabChange?: (tab: SettingsTab) => void;
  /**
   * The account section (name, email, sign-out). A slot because it belongs to the auth feature and
   * features do not import each other; the app layer fills it in. Shown on the Account tab.
   */
  account?: ReactNode;
  /**
   * The 'Recording' section (backup offer settings). A slot for the same reason: it belongs to the
   * recorder feature. Shown on the General tab.
   */
  recording?: ReactNode;
  /**
   * The 'Transcription' section (local speech models, issue 12 point 2). A slot for the same
   * reason: it belongs to the transcription feature. Shown on the General tab.
   */
  transcription?: ReactNode;
  /**
   * The Integrations tab's blocks (issue 14 point 4: the Linear connection, the reminders
   * connection), composed by the app layer from their features; the tab ends with the spec's
   * 'More Integrations, Coming Soon' placeholder.
   */
  integrations?: ReactNode;
}

/** Names the tab 'Settings' only while the dialog is open (spec 001 page titles). */
function SettingsTitle() {
  useDocumentTitle('Settings');
  return null;
}

const TAB_LABELS: Record<SettingsTab, { label: string; icon: LucideIcon }> = {
  general: { label: 'General', icon: Settings2 },
  account: { label: 'Account', icon: UserRound },
  integrations: { label: 'Integrations', icon: Blocks },
};

const tabClass = cn(
  'flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none',
  'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:bg-input/40',
  '[&_svg]:size-4 [&_svg]:shrink-0',
);

/** Tab panels keep one height so switching tabs does not make the dialog jump. */
const panelClass = 'flex flex-col gap-5 outline-none sm:min-h-[22rem]';

/**
 * The Settings dialog in three tabs (issue 14 point 4, spec 001 section 2; What's New is issue
 * 15): General (theme, app icon theme, and when given the transcription and recording sections),
 * Account (the account slot) and Integrations (the integrations slot, then 'More Integrations,
 * Coming Soon').
 * Arrow keys move between the tabs.
 */
export function SettingsDialog({
  open,
  onOpenChange,
  tab,
  onTabChange,
  account,
  recording,
  transcription,
  integrations,
}: SettingsDialogProps) {
  const themeLabelId = useId();
  const appIconLabelId = useId();
  const [ownTab, setOwnTab] = useState<SettingsTab>('general');
  const current = tab ?? ownTab;
  const change = (value: string) => {
    const next = readSettingsTab(value);
    if (!next) return;
    setOwnTab(next);
    onTabChange?.(next);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg content-start sm:min-h-[32rem]">
        {open && <SettingsTitle />}
        <DialogHeader>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>
            Choose how Summy looks and transcribes, manage your account and connect other tools.
          </DialogDescription>
        </DialogHeader>
        <Tabs.Root value={current} onValueChange={change} className="flex min-w-0 flex-col gap-5">
          <Tabs.List aria-label="Settings sections" className="flex gap-1 rounded-lg bg-muted p-1">
            {(Object.keys(TAB_LABELS) as SettingsTab[]).map((value) => {
              const { label, icon: Icon } = TAB_LABELS[value];
              return (
                <Tabs.Trigger key={value} value={value} className={tabClass}>
                  <Icon aria-hidden="true" className="max-[380px]:hidden" />
                  {label}
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>

          <Tabs.Content value="general" className={panelClass}>
            <section aria-labelledby={themeLabelId} className="flex flex-col gap-3">
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
            <section aria-labelledby={appIconLabelId} className="flex flex-col gap-3">
              <div>
                <h3 id={appIconLabelId} className="text-sm font-medium">
                  App icon
                </h3>
                <p className="text-xs text-muted-foreground">
                  The icon of this tab and of Summy installed as an app.
                </p>
              </div>
              <AppIconThemePicker labelledBy={appIconLabelId} />
            </section>
            {transcription && <SlotSection title="Transcription">{transcription}</SlotSection>}
            {recording && <SlotSection title="Recording">{recording}</SlotSection>}
          </Tabs.Content>

          <Tabs.Content value="account" className={panelClass}>
            {account ?? (
              <p className="text-sm text-muted-foreground">No account details to show.</p>
            )}
          </Tabs.Content>

          <Tabs.Content value="integrations" className={panelClass}>
            {integrations}
            <ComingSoon />
          </Tabs.Content>
        </Tabs.Root>
      </DialogContent>
    </Dialog>
  );
}

/** A titled section of the General tab around another feature's slot (a region for its title). */
function SlotSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t pt-4">
      <h3 id={headingId} className="text-sm font-medium">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The spec's placeholder for integrations still to come. */
function ComingSoon() {
  return (
    <div className="flex flex-col items-center gap-1 rounded-lg border border-dashed px-4 py-5 text-center">
      <p className="text-sm font-medium">More Integrations</p>
      <p className="text-xs text-muted-foreground">Coming Soon</p>
    </div>
  );
}
