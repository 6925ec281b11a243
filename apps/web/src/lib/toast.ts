/**
 * The app's toasts (texts in docs/product.md#errors-and-messages), with sonner loaded on demand:
 * sonner is 33 KB of JavaScript that no screen needs before it renders, and the first-visit budget
 * (bench/web, 250 KB gzip) has no room for it. A toast asked for before the outlet is ready waits
 * for it rather than being lost.
 */
import type * as SonnerModule from 'sonner';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | undefined;

/** Loads sonner once; the outlet and every toast share this download. */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

let markReady: () => void = () => {};
const outletReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/**
 * Called by the outlet once sonner's `<Toaster>` has subscribed (sonner drops toasts published
 * before that).
 */
export function toastOutletMounted(): void {
  markReady();
}

type Message = Parameters<typeof sonnerToast>[0];

function show(send: (toast: typeof sonnerToast) => unknown): void {
  void loadSonner().then(async ({ toast }) => {
    await outletReady;
    send(toast);
  });
}

/**
 * Shows a toast: `toast(message, data?)`, `toast.success(...)`, `toast.error(...)` with sonner's
 * arguments (`data`: description, action, duration in ms...). Returns nothing: the toast appears
 * once sonner has loaded, a few ms later on the first call.
 */
export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => show((t) => t(message, data)),
  {
    success: (message: Message, data?: ExternalToast) => show((t) => t.success(message, data)),
    error: (message: Message, data?: ExternalToast) => show((t) => t.error(message, data)),
  },
);
