import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { ChatPanelSlot, ChatProvider } from '@/features/chat/components/chat-provider';
import { RecorderProvider } from '@/features/recorder/components/recorder-provider';
import { SearchButton } from '@/features/search/components/search-button';
import { isApplePlatform, isSearchShortcut } from '@/features/search/utils/search-shortcut';
import {
  OPEN_SETTINGS_EVENT,
  readSettingsTab,
  type OpenSettingsDetail,
  type SettingsTab,
} from '@/lib/open-settings';
import { AppSidebar } from './app-sidebar';

// Settings are opened now and then: their code (dialog, sections) loads on the first opening,
// outside every page's initial JavaScript (bench/web).
const SettingsContent = lazy(() => import('./settings-content'));
// The search palette (cmdk and its groups) likewise loads when first opened.
const SearchPalette = lazy(() => import('./search-palette'));

/** Window event that opens Settings from anywhere (e.g. the Linear panel's Connect button). */
export { OPEN_SETTINGS_EVENT };

/**
 * The signed-in layout: sidebar, the current screen, the Meeting Assistant panel and the Settings
 * dialog. The panel's slot sits beside the shell, so in its sidebar mode it takes a column of its
 * own instead of covering the screen. Settings can also be opened by `?tab=integrations` in the
 * address or by the window event 'openSettings' whose `detail.tab` names the tab; `?tab=` leaves
 * the address when the dialog closes, so a reload does not open it again.
 */
export function AppLayout() {
  const [searchParams, setSearchParams] = useSearchParams();
  const addressTab = searchParams.get('tab');
  const [settingsOpen, setSettingsOpen] = useState(() => addressTab !== null);
  const [settingsTab, setSettingsTab] = useState<SettingsTab>(
    () => readSettingsTab(addressTab) ?? 'general',
  );
  // Mounted from the first opening on, so the dialog's closing animation still plays.
  const [settingsUsed, setSettingsUsed] = useState(settingsOpen);
  if (settingsOpen && !settingsUsed) setSettingsUsed(true);

  // A link to `?tab=...` followed while the layout is already on screen opens Settings too.
  const [seenAddressTab, setSeenAddressTab] = useState(addressTab);
  if (addressTab !== seenAddressTab) {
    setSeenAddressTab(addressTab);
    if (addressTab !== null) {
      setSettingsTab(readSettingsTab(addressTab) ?? 'general');
      setSettingsOpen(true);
    }
  }

  const [searchOpen, setSearchOpen] = useState(false);
  const [searchUsed, setSearchUsed] = useState(false);
  if (searchOpen && !searchUsed) setSearchUsed(true);
  useEffect(() => {
    const apple = isApplePlatform(navigator.platform);
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event, apple)) return;
      // The browser's own Ctrl+K (focus the address bar's search) gives way, as in other apps.
      event.preventDefault();
      setSearchOpen((open) => !open);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    const open = (event: Event) => {
      const detail = (event as CustomEvent<OpenSettingsDetail | null>).detail;
      setSettingsTab(readSettingsTab(detail?.tab) ?? 'general');
      setSettingsOpen(true);
    };
    window.addEventListener(OPEN_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, open);
  }, []);

  const onSettingsOpenChange = useCallback(
    (open: boolean) => {
      setSettingsOpen(open);
      if (!open && addressTab !== null) {
        setSearchParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.delete('tab');
            return next;
          },
          { replace: true, preventScrollReset: true },
        );
      }
    },
    [addressTab, setSearchParams],
  );

  return (
    <RecorderProvider>
      <ChatProvider>
        <div className="flex h-dvh overflow-hidden">
          <div className="min-w-0 flex-1">
            <AppShell
              sidebar={
                <AppSidebar
                  onOpenSettings={() => {
                    setSettingsTab('general');
                    setSettingsOpen(true);
                  }}
                  onOpenSearch={() => setSearchOpen(true)}
                />
              }
              headerEnd={<SearchButton compact onClick={() => setSearchOpen(true)} />}
            >
              <Outlet />
            </AppShell>
          </div>
          <ChatPanelSlot />
        </div>
        {searchUsed && (
          <Suspense>
            <SearchPalette open={searchOpen} onOpenChange={setSearchOpen} />
          </Suspense>
        )}
        {settingsUsed && (
          <Suspense>
            <SettingsContent
              open={settingsOpen}
              onOpenChange={onSettingsOpenChange}
              tab={settingsTab}
              onTabChange={setSettingsTab}
            />
          </Suspense>
        )}
      </ChatProvider>
    </RecorderProvider>
  );
}
