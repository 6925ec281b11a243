import { Menu } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Brand } from '@/components/logo';
import { OfflineBanner } from '@/components/offline-notice';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useMediaQuery } from '@/hooks/use-media-query';

/** Props of {@link AppShell}. The sidebar is a slot because it is composed from several features. */
export interface AppShellProps {
  sidebar: ReactNode;
  children: ReactNode;
  /** At the end of the narrow screens' top bar (the Search button). */
  headerEnd?: ReactNode;
}

/** Spec: the sidebar is fixed from 768 px up, a drawer below (Tailwind's `md` is 48rem = 768 px). */
const WIDE_QUERY = '(min-width: 768px)';

/**
 * The main layout: a 320 px sidebar beside the content, or under 768 px a top bar whose hamburger
 * opens the same sidebar as a slide-in drawer. Above the content, the offline bar while the browser
 * has no network.
 */
export function AppShell({ sidebar, children, headerEnd }: AppShellProps) {
  const isWide = useMediaQuery(WIDE_QUERY);
  const { pathname } = useLocation();
  // The drawer remembers the screen it was opened on: following a link in it closes it, and a
  // drawer left open while the window widened does not pop up again when it narrows.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const drawerOpen = !isWide && openOn === pathname;
  const setDrawerOpen = (open: boolean) => setOpenOn(open ? pathname : null);

  return (
    <div className="flex h-dvh overflow-hidden bg-background">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
      >
        Skip to content
      </a>
      <aside
        aria-label="Sidebar"
        className="hidden w-(--width-sidebar) shrink-0 border-r border-sidebar-border bg-sidebar text-sidebar-foreground md:flex md:flex-col"
      >
        {isWide && sidebar}
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center gap-2 border-b px-3 md:hidden">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open sidebar"
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="size-5" />
          </Button>
          <Brand logoClassName="size-7" />
          {headerEnd && <div className="ml-auto">{headerEnd}</div>}
        </header>
        <OfflineBanner />
        <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto outline-none">
          {children}
        </main>
      </div>

      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent
          side="left"
          className="w-(--width-sidebar) max-w-[85vw] border-sidebar-border bg-sidebar p-0 text-sidebar-foreground"
        >
          <SheetTitle className="sr-only">Sidebar</SheetTitle>
          <SheetDescription className="sr-only">Navigation and meetings</SheetDescription>
          {/* Mounted in one place at a time so the sidebar's own dialogs and state never exist twice. */}
          {!isWide && sidebar}
        </SheetContent>
      </Sheet>
    </div>
  );
}
