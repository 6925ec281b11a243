import { QueryClientProvider } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useTheme } from '@/features/settings/hooks/use-theme';
import { queryClient } from '@/lib/query-client';

/** Sonner's own colours replaced by the app's surface tokens, so toasts sit in both themes. */
const toasterStyle = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
} as CSSProperties;

/** Sonner follows the app's theme rather than the OS, so toasts match what the user chose. */
function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster position="bottom-right" theme={resolvedTheme} style={toasterStyle} closeButton />;
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
