/* global window, document */
// Applied before first paint so a dark-theme user never sees a white flash. A file of its own, not
// inline in index.html: the Content-Security-Policy allows scripts from 'self' only. Keep the
// storage keys and values in sync with src/features/settings/hooks/use-theme.ts and
// src/features/settings/hooks/use-app-icon-theme.ts.
(function () {
  try {
    var stored = localStorage.getItem('theme');
    var dark =
      stored === 'dark' ||
      ((stored === null || stored === 'system') &&
        window.matchMedia('(prefers-color-scheme: dark)').matches);
    var root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage blocked (privacy modes): the app applies the system theme once it runs.
  }
  try {
    // The app icon theme (light or dark): the favicon and the web manifest whose icons an installed
    // app shows. index.html names the light ones; src/features/settings/hooks/use-app-icon-theme.ts
    // makes the same switch at run time.
    if (localStorage.getItem('summy-app-icon-theme') === 'dark') {
      var links = {
        icon: '/icons/icon-dark.svg',
        'apple-touch-icon': '/icons/icon-dark-maskable-192.png',
        manifest: '/manifest-dark.webmanifest',
      };
      for (var rel in links) {
        var link = document.querySelector('link[rel="' + rel + '"]');
        if (link) link.setAttribute('href', links[rel]);
      }
    }
  } catch {
    // Storage blocked: the light icons stay.
  }
})();
