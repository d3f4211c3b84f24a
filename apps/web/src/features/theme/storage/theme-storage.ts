import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';

/**
 * localStorage key of the dark-mode flag ("true"/"false"). `public/theme-boot.js` reads the same key before first
 * paint, so the two must change together.
 */
export const THEME_STORAGE_KEY = 'isDark';

/** Bootstrap colour modes, as set in `data-bs-theme`. */
export type ColorMode = 'light' | 'dark';

/** Reads the persisted dark-mode flag; anything but "true" (or no storage at all) means light. */
export function readIsDark(): boolean {
  return readStoredItem(THEME_STORAGE_KEY) === 'true';
}

/** Persists the dark-mode flag. */
export function writeIsDark(isDark: boolean): void {
  writeStoredItem(THEME_STORAGE_KEY, String(isDark));
}

/** Applies the colour mode to the whole document through Bootstrap's `data-bs-theme` on <html>. */
export function applyColorMode(isDark: boolean): void {
  const mode: ColorMode = isDark ? 'dark' : 'light';
  document.documentElement.dataset['bsTheme'] = mode;
}
