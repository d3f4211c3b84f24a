// Applies the saved colour mode before the first paint, so a dark-mode user never sees a white flash.
// Loaded as an external file because the CSP forbids inline scripts; keep the key in sync with theme-storage.ts.
(function () {
  var isDark = false;
  try {
    isDark = window.localStorage.getItem('isDark') === 'true';
  } catch {
    // Storage disabled: fall back to light.
  }
  document.documentElement.dataset.bsTheme = isDark ? 'dark' : 'light';
})();
