import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { ChatPanelSlot, ChatProvider } from '@/features/chat/components/chat-provider';
import { RecorderProvider } from '@/features/recorder/components/recorder-provider';
import { AppSidebar } from './app-sidebar';

// Settings are opened now and then: their code (dialog, sections) loads on the first opening,
// outside every page's initial JavaScript (bench/web).
const SettingsContent = lazy(() => import('./settings-content'));

/** Window event that opens Settings from anywhere (spec 001, e.g. the Linear panel's Connect button). */
export const OPEN_SETTINGS_EVENT = 'openSettings';

/**
 * The signed-in layout: sidebar, the current screen, the Meeting Assistant panel and the Settings
 * dialog. The panel's slot sits beside the shell, so in its sidebar mode it takes a column of its
 * own instead of covering the screen (spec 000 section 2 "Chat panel"). Settings can also be
 * opened by `?tab=...` in the address or by the window event 'openSettings' (spec 001 routing).
 */
export function AppLayout() {
  const [searchParams] = useSearchParams();
  const [settingsOpen, setSettingsOpen] = useState(() => searchParams.has('tab'));
  // Mounted from the first opening on, so the dialog's closing animation still plays.
  const [settingsUsed, setSettingsUsed] = useState(settingsOpen);
  if (settingsOpen && !settingsUsed) setSettingsUsed(true);

  useEffect(() => {
    const open = () => setSettingsOpen(true);
    window.addEventListener(OPEN_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, open);
  }, []);

  return (
    <RecorderProvider>
      <ChatProvider>
        <div className="flex h-dvh overflow-hidden">
          <div className="min-w-0 flex-1">
            <AppShell sidebar={<AppSidebar onOpenSettings={() => setSettingsOpen(true)} />}>
              <Outlet />
            </AppShell>
          </div>
          <ChatPanelSlot />
        </div>
        {settingsUsed && (
          <Suspense>
            <SettingsContent open={settingsOpen} onOpenChange={setSettingsOpen} />
          </Suspense>
        )}
      </ChatProvider>
    </RecorderProvider>
  );
}
