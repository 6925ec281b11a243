import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type CSSProperties, type ReactNode } from 'react';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useTheme } from '@/features/settings/hooks/use-theme';
import { queryClient } from '@/lib/query-client';
import { loadSonner, toastOutletMounted } from '@/lib/toast';

// Loaded after the first render (lib/toast.ts says why).
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** Rendered after the Toaster, so its effect runs once the Toaster has subscribed. */
function OutletReady() {
  useEffect(toastOutletMounted, []);
  return null;
}

/** Sonner's own colours replaced by the app's surface tokens, so toasts sit in both themes. */
const toasterStyle = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
} as CSSProperties;

/** Sonner follows the app's theme rather than the OS, so toasts match what the user chose. */
function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Suspense>
      <Toaster position="bottom-right" theme={resolvedTheme} style={toasterStyle} closeButton />
      <OutletReady />
    </Suspense>
  );
}

/** Everything every screen relies on: data cache, tooltip timing, and the single toast outlet. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <ThemedToaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
