/* global window, document */
// Applied before first paint so a dark-theme user never sees a white flash. A file of its own,
// not inline in index.html: the Content-Security-Policy allows scripts from 'self' only (issue 10
// point 8). Keep the storage key and values in sync with src/features/settings/hooks/use-theme.ts.
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
})();
