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

/** The Settings dialog's state: open, mounted, its tab, and the ways it opens and closes. */
function useSettingsDialog() {
  const [searchParams, setSearchParams] = useSearchParams();
  const addressTab = searchParams.get('tab');
  const [open, setOpen] = useState(() => addressTab !== null);
  const [tab, setTab] = useState<SettingsTab>(() => readSettingsTab(addressTab) ?? 'general');
  // Mounted from the first opening on, so the dialog's closing animation still plays.
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);

  // A link to `?tab=...` followed while the layout is already on screen opens Settings too.
  const [seenAddressTab, setSeenAddressTab] = useState(addressTab);
  if (addressTab !== seenAddressTab) {
    setSeenAddressTab(addressTab);
    if (addressTab !== null) {
      setTab(readSettingsTab(addressTab) ?? 'general');
      setOpen(true);
    }
  }

  const openAt = useCallback((next: SettingsTab) => {
    setTab(next);
    setOpen(true);
  }, []);

  useEffect(() => {
    const onEvent = (event: Event) => {
      const detail = (event as CustomEvent<OpenSettingsDetail | null>).detail;
      openAt(readSettingsTab(detail?.tab) ?? 'general');
    };
    window.addEventListener(OPEN_SETTINGS_EVENT, onEvent);
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, onEvent);
  }, [openAt]);

  const onOpenChange = useCallback(
    (next: boolean) => {
      setOpen(next);
      if (!next && addressTab !== null) {
        setSearchParams(
          (previous) => {
            const params = new URLSearchParams(previous);
            params.delete('tab');
            return params;
          },
          { replace: true, preventScrollReset: true },
        );
      }
    },
    [addressTab, setSearchParams],
  );

  return { open, used, tab, setTab, openAt, onOpenChange };
}

/** The search palette's state: open, mounted, and the keyboard shortcut that toggles it. */
function useSearchPalette() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  useEffect(() => {
    const apple = isApplePlatform(navigator.platform);
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event, apple)) return;
      // The browser's own Ctrl+K (focus the address bar's search) gives way, as in other apps.
      event.preventDefault();
      setOpen((current) => !current);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return { open, used, setOpen };
}

/**
 * The signed-in layout: sidebar, the current screen, the Meeting Assistant panel and the Settings
 * dialog. The panel's slot sits beside the shell, so in its sidebar mode it takes a column of its
 * own instead of covering the screen. Settings can also be opened by `?tab=integrations` in the
 * address or by the window event 'openSettings' whose `detail.tab` names the tab; `?tab=` leaves
 * the address when the dialog closes, so a reload does not open it again.
 */
export function AppLayout() {
  const settings = useSettingsDialog();
  const search = useSearchPalette();

  return (
    <RecorderProvider>
      <ChatProvider>
        <div className="flex h-dvh overflow-hidden">
          <div className="min-w-0 flex-1">
            <AppShell
              sidebar={
                <AppSidebar
                  onOpenSettings={() => settings.openAt('general')}
                  onOpenSearch={() => search.setOpen(true)}
                />
              }
              headerEnd={<SearchButton compact onClick={() => search.setOpen(true)} />}
            >
              <Outlet />
            </AppShell>
          </div>
          <ChatPanelSlot />
        </div>
        {search.used && (
          <Suspense>
            <SearchPalette open={search.open} onOpenChange={search.setOpen} />
          </Suspense>
        )}
        {settings.used && (
          <Suspense>
            <SettingsContent
              open={settings.open}
              onOpenChange={settings.onOpenChange}
              tab={settings.tab}
              onTabChange={settings.setTab}
            />
          </Suspense>
        )}
      </ChatProvider>
    </RecorderProvider>
  );
}
