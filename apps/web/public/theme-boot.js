// Applies the saved colour mode and reading direction before the first paint, so a dark-mode user never sees a
// white flash and a right-to-left user never sees the page mirror itself. Loaded as an external file because the
// CSP forbids inline scripts; keep the keys in sync with theme-storage.ts and ui-settings-storage.ts.
(function () {
  var isDark = false;
  var isRTL = false;
  try {
    isDark = window.localStorage.getItem('isDark') === 'true';
    isRTL = window.localStorage.getItem('isRTL') === 'true';
  } catch {
    // Storage disabled: fall back to light, left to right.
  }
  var root = document.documentElement;
  root.dataset.bsTheme = isDark ? 'dark' : 'light';
  root.dir = isRTL ? 'rtl' : 'ltr';
  // Bootstrap's <link> comes before this script and names both builds; switch it before it is rendered.
  var bootstrap = document.getElementById('bootstrap-css');
  if (isRTL && bootstrap && bootstrap.dataset.rtl) bootstrap.setAttribute('href', bootstrap.dataset.rtl);
})();

// zod 4 probes `new Function` when it builds an object schema, which the CSP reports as a blocked eval. Its global
// config object is read from here when zod first loads, so jitless mode is on before any schema of any chunk is
// built, whatever order the bundler puts the chunks in (lib/zod-jitless.ts alone came too late for shared chunks).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
