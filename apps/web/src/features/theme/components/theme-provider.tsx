import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { applyColorMode, readIsDark, THEME_STORAGE_KEY, writeIsDark } from '../storage/theme-storage';
import { ThemeContext, type ThemeContextValue } from './theme-context';

/** Holds the light/dark choice, mirrors it to `<html data-bs-theme>` and localStorage, and syncs other tabs. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [isDark, setIsDark] = useState(readIsDark);

  useEffect(() => {
    applyColorMode(isDark);
  }, [isDark]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) setIsDark(event.newValue === 'true');
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

  const value = useMemo<ThemeContextValue>(
    () => ({
      isDark,
      colorMode: isDark ? 'dark' : 'light',
      setDark,
      toggleTheme: () => setDark(!isDark),
    }),
    [isDark, setDark],
  );

  return <ThemeContext value={value}>{children}</ThemeContext>;
}
