import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { applyColorMode, readIsDark, THEME_STORAGE_KEY, writeIsDark } from '../storage/theme-storage';
import {
  applyDirection,
  readUiSettings,
  UI_SETTINGS_STORAGE_KEYS,
  writeUiSettings,
  type UiSettings,
} from '../storage/ui-settings-storage';
import { ThemeContext, type ThemeContextValue } from './theme-context';

const SETTINGS_KEYS = new Set(Object.values(UI_SETTINGS_STORAGE_KEYS));

/**
 * Holds the appearance: the light/dark choice (mirrored to `<html data-bs-theme>`) and the layout settings (the
 * direction mirrored to `<html dir>` and Bootstrap's stylesheet); persists them and follows changes in other tabs.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [isDark, setIsDark] = useState(readIsDark);
  const [settings, setSettings] = useState(readUiSettings);

  useEffect(() => {
    applyColorMode(isDark);
  }, [isDark]);

  useEffect(() => {
    applyDirection(settings.isRTL);
  }, [settings.isRTL]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) setIsDark(event.newValue === 'true');
      // `key` is null when another tab cleared the whole storage.
      if (event.key === null || SETTINGS_KEYS.has(event.key)) setSettings(readUiSettings());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setDark = useCallback((next: boolean) => {
    writeIsDark(next);
    // Apply at once rather than after the re-render so the whole page switches in one frame.
    applyColorMode(next);
    setIsDark(next);
  }, []);

  const updateSettings = useCallback((changes: Partial<UiSettings>) => {
    writeUiSettings(changes);
    if (changes.isRTL !== undefined) applyDirection(changes.isRTL);
    setSettings((current) => ({ ...current, ...changes }));
  }, []);

  const value = useMemo<ThemeContextValue>(
    () => ({
      isDark,
      colorMode: isDark ? 'dark' : 'light',
      setDark,
      toggleTheme: () => setDark(!isDark),
      settings,
      updateSettings,
    }),
    [isDark, setDark, settings, updateSettings],
  );

  return <ThemeContext value={value}>{children}</ThemeContext>;
}
