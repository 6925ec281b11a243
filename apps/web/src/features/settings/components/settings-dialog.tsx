import { Blocks, Settings2, ShieldCheck, Sparkles, UserRound, type LucideIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useId, useRef, useState, type ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { readSettingsTab, SETTINGS_TABS, type SettingsTab } from '@/lib/open-settings';
import { cn } from '@/lib/utils';
import { AppIconThemePicker } from './app-icon-theme-picker';
import { ThemePicker } from './theme-picker';
import { WhatsNew } from './whats-new';

/** The sections other features contribute, placed by {@link SettingsSections} into their tabs. */
export interface SettingsSlots {
  /**
   * The account section (name, email, avatar, Google accounts, Sign Out, privacy policy). A slot
   * because it belongs to the auth and Google features and features do not import each other; the
   * app layer fills it in. Shown on the Account tab.
   */
  account?: ReactNode;
  /**
   * The AI preferences (models for summaries and chat, summary template). A slot for the same
   * reason: it belongs to the ai-preferences feature. Shown on the General tab.
   */
  ai?: ReactNode;
  /**
   * The 'Recording' section (the live transcript switch, the backup offer's settings). A slot for
   * the same reason: it belongs to the recorder and live features. Shown on the General tab.
   */
  recording?: ReactNode;
  /**
   * The 'Transcription' section (local speech models). A slot for the same reason: it belongs to
   * the transcription feature. Shown on the General tab.
   */
  transcription?: ReactNode;
  /**
   * The 'Voice profiles' section (people whose voice is known, with clips). A slot for the same
   * reason: it belongs to the transcription feature. Shown on the General tab after Transcription.
   */
  voices?: ReactNode;
  /**
   * The Integrations tab's blocks (the Linear connection, the reminders connection), composed by
   * the app layer from their features; the tab ends with the documented 'More Integrations, Coming
   * Soon' placeholder.
   */
  integrations?: ReactNode;
  /**
   * The Administration tab's content (users, sign-up, invitations, the server's state), given by
   * the app layer to administrators only: without it the tab is not offered.
   */
  administration?: ReactNode;
}

/** Props of {@link SettingsSections}. */
export interface SettingsSectionsProps extends SettingsSlots {
  /**
   * The tab shown; with {@link onTabChange} the caller controls it (the layout opens Settings on
   * the tab `?tab=` or the 'openSettings' event names). Without it the tabs keep their own,
   * starting on General.
   */
  tab?: SettingsTab;
  /** Called when the person picks another tab. */
  onTabChange?: (tab: SettingsTab) => void;
}

/** Props of {@link SettingsDialog}. */
export interface SettingsDialogProps extends SettingsSectionsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Page title while Settings is open. */
export const SETTINGS_DOCUMENT_TITLE = 'Settings - Summy';

/** Names the browser tab 'Settings - Summy' only while the dialog is open. */
function SettingsTitle() {
  useDocumentTitle(SETTINGS_DOCUMENT_TITLE);
  return null;
}

/** Each tab's visible name and icon, in {@link SETTINGS_TABS} order. */
export const SETTINGS_TAB_LABELS: Record<SettingsTab, { label: string; icon: LucideIcon }> = {
  general: { label: 'General', icon: Settings2 },
  account: { label: 'Account', icon: UserRound },
  integrations: { label: 'Integrations', icon: Blocks },
  'whats-new': { label: "What's New", icon: Sparkles },
  administration: { label: 'Administration', icon: ShieldCheck },
};

const tabClass = cn(
  'flex min-w-0 cursor-pointer items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none sm:flex-1',
  'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:bg-input/40',
  '[&_svg]:size-4 [&_svg]:shrink-0',
);

/**
 * A tab's panel: the part of the dialog that scrolls, so the title and the tabs stay in view on a
 * phone. Radix makes it focusable (Tab from the tab list lands here and arrow keys scroll it), so
 * it shows a focus ring inside its edge. The negative margin puts the scrollbar at the dialog's
 * edge rather than against the content.
 */
const panelClass = cn(
  '-mx-5 flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto rounded-md px-5 pt-1 pb-2 outline-none sm:-mx-6 sm:px-6',
  'focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset',
);

/**
 * The Settings dialog: its title, then {@link SettingsSections}. One height for every tab, so
 * switching tabs does not make it jump; on a phone it takes the screen's height less a margin and
 * the tab's panel scrolls.
 */
export function SettingsDialog({ open, onOpenChange, ...sections }: SettingsDialogProps) {
  // Settings has no Radix trigger (the sidebar's button, `?tab=` or the 'openSettings' event open
  // it), so Radix would drop the focus on the page's body when it closes: it goes back to the
  // control that had it when the dialog opened, for keyboard users.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        // Wider with a fifth tab (Administration), so the tab names keep to one line.
        className={cn(
          'flex h-[min(44rem,calc(100dvh-2rem))] flex-col gap-4 max-sm:p-5',
          sections.administration ? 'sm:max-w-[45rem]' : 'sm:max-w-xl',
        )}
        onOpenAutoFocus={() => {
          const active = document.activeElement;
          returnFocusTo.current =
            active instanceof HTMLElement && active !== document.body ? active : null;
        }}
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo.current;
          returnFocusTo.current = null;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        {open && <SettingsTitle />}
        <DialogHeader>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>
            How Summy looks and works, your account and tools, and what is new.
          </DialogDescription>
        </DialogHeader>
        <SettingsSections {...sections} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The tabs General, Account, Integrations, What's New and, for administrators, Administration, as
 * a proper tab list: arrow keys,
 * Home and End move between the tabs and show each at once. General holds the theme, the app icon
 * theme and, when given, the AI, transcription and recording sections; Account the account slot;
 * Integrations the integrations slot, then 'More Integrations, Coming Soon'; What's New the release
 * notes; Administration the administration slot. On a phone the tabs sit two by two.
 */
export function SettingsSections({
  tab,
  onTabChange,
  account,
  ai,
  recording,
  transcription,
  voices,
  integrations,
  administration,
}: SettingsSectionsProps) {
  const themeLabelId = useId();
  const appIconLabelId = useId();
  const [ownTab, setOwnTab] = useState<SettingsTab>('general');
  const asked = tab ?? ownTab;
  // Administration only for administrators: asked for by anyone else, General shows.
  const current = asked === 'administration' && !administration ? 'general' : asked;
  const change = (value: string) => {
    const next = readSettingsTab(value);
    if (!next) return;
    setOwnTab(next);
    onTabChange?.(next);
  };

  return (
    <Tabs.Root
      value={current}
      onValueChange={change}
      className="flex min-h-0 flex-1 flex-col gap-4"
    >
      <SettingsTabList administration={Boolean(administration)} />

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
        {ai && <SlotSection title="AI">{ai}</SlotSection>}
        {transcription && <SlotSection title="Transcription">{transcription}</SlotSection>}
        {voices && <SlotSection title="Voice profiles">{voices}</SlotSection>}
        {recording && <SlotSection title="Recording">{recording}</SlotSection>}
      </Tabs.Content>

      <Tabs.Content value="account" className={panelClass}>
        {account ?? <p className="text-sm text-muted-foreground">No account details to show.</p>}
      </Tabs.Content>

      <Tabs.Content value="integrations" className={panelClass}>
        {integrations}
        <ComingSoon />
      </Tabs.Content>

      <Tabs.Content value="whats-new" className={panelClass}>
        <WhatsNew />
      </Tabs.Content>

      {administration && (
        <Tabs.Content value="administration" className={panelClass}>
          {administration}
        </Tabs.Content>
      )}
    </Tabs.Root>
  );
}

/**
 * The tabs' buttons, with their icons; two by two on a phone (Administration, for administrators,
 * takes a row of its own there).
 */
function SettingsTabList({ administration }: { administration: boolean }) {
  const tabs = SETTINGS_TABS.filter((t) => t !== 'administration' || administration);
  return (
    <Tabs.List
      aria-label="Settings sections"
      className="grid shrink-0 grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:flex [&>*:nth-child(5)]:col-span-2"
    >
      {tabs.map((value) => {
        const { label, icon: Icon } = SETTINGS_TAB_LABELS[value];
        return (
          <Tabs.Trigger key={value} value={value} className={tabClass}>
            <Icon aria-hidden="true" />
            {label}
          </Tabs.Trigger>
        );
      })}
    </Tabs.List>
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

/** The documented placeholder for integrations still to come. */
function ComingSoon() {
  return (
    <div className="flex flex-col items-center gap-1 rounded-lg border border-dashed px-4 py-5 text-center">
      <p className="text-sm font-medium">More Integrations</p>
      <p className="text-xs text-muted-foreground">Coming Soon</p>
    </div>
  );
}
