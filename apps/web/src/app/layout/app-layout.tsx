import { useEffect, useState } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { AccountDetails } from '@/features/auth/components/account-details';
import { SettingsDialog } from '@/features/settings/components/settings-dialog';
import { AppSidebar } from './app-sidebar';

/** Window event that opens Settings from anywhere (spec 001, e.g. the Linear panel's Connect button). */
export const OPEN_SETTINGS_EVENT = 'openSettings';

/**
 * The signed-in layout: sidebar, the current screen, and the Settings dialog. Settings can also be
 * opened by `?tab=...` in the address or by the window event 'openSettings' (spec 001 routing).
 */
export function AppLayout() {
  const [searchParams] = useSearchParams();
  const [settingsOpen, setSettingsOpen] = useState(() => searchParams.has('tab'));

  useEffect(() => {
    const open = () => setSettingsOpen(true);
    window.addEventListener(OPEN_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, open);
  }, []);

  return (
    <>
      <AppShell sidebar={<AppSidebar onOpenSettings={() => setSettingsOpen(true)} />}>
        <Outlet />
      </AppShell>
      <SettingsDialog
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        account={<AccountDetails />}
      />
    </>
  );
}
