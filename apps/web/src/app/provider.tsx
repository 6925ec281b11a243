import { QueryClientProvider } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useEffect,
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useTheme } from '@/features/settings/hooks/use-theme';
import { TOAST_CLEARANCE_VAR } from '@/hooks/use-toast-clearance';
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

/** The list of toasts (sonner's `<ol>`) that holds `node`, if any. */
function toastList(node: EventTarget | null): Element | null {
  return node instanceof Element ? node.closest('[data-sonner-toaster]') : null;
}

/**
 * Toasts pause on hover or focus. Sonner 2 pauses them while the pointer is over the list, not
 * while the keyboard's focus is in a toast (its close or action button), so focus coming in is told
 * to sonner as the pointer coming in, and focus going out as the pointer going out (unless the
 * pointer really is over the toasts). React turns these native events into the list's
 * onMouseEnter/onMouseLeave, which is where sonner listens.
 */
function pauseOnFocus(event: FocusEvent) {
  const list = toastList(event.target);
  if (list && !toastList(event.relatedTarget)) {
    list.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  }
}

/** See {@link pauseOnFocus}. */
function resumeOnBlur(event: FocusEvent) {
  const list = toastList(event.target);
  if (list && toastList(event.relatedTarget) !== list && !list.matches(':hover')) {
    list.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
  }
}

/**
 * Sonner follows the app's theme rather than the OS, so toasts match what the user chose. Its
 * bottom offset (sonner's 24 px, 16 px on a phone) grows by the bar a screen keeps at the bottom
 * (hooks/use-toast-clearance.ts), so toasts never cover that bar.
 */
function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Suspense>
      <div className="contents" onFocus={pauseOnFocus} onBlur={resumeOnBlur}>
        <Toaster
          position="bottom-right"
          theme={resolvedTheme}
          style={toasterStyle}
          offset={{ bottom: `calc(24px + var(${TOAST_CLEARANCE_VAR}, 0px))` }}
          mobileOffset={{ bottom: `calc(16px + var(${TOAST_CLEARANCE_VAR}, 0px))` }}
          closeButton
        />
      </div>
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
