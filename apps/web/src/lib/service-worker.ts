/**
 * Registration of the service worker that makes Summy an installable app serving its shell offline
 * (docs/decisions/027-installable-app-and-icon-theme.md). The worker itself is generated at build
 * time by vite-plugin-pwa with Workbox (vite.config.ts).
 */

/** Where the build writes the worker (vite-plugin-pwa's default file name), served from `/`. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the worker once the page has loaded, so neither its script nor the precaching it
 * starts competes with the first screen (bench/web counts the scripts before the first route
 * renders). Production builds only: under `vite` dev the worker would cache modules that change
 * on every edit. Never throws; a failed registration leaves the app working online, and is logged.
 *
 * The worker takes over open pages when a new build is deployed (Workbox `skipWaiting` and
 * `clientsClaim`); a page still showing the old build loads a missing chunk from the network,
 * and the root error boundary's Reload fetches the new build.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .catch((error: unknown) => console.warn('Could not register the service worker', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
