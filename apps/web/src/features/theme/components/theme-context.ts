import { createContext } from 'react';
import type { ColorMode } from '../storage/theme-storage';

/** What `useTheme()` gives a component. */
export interface ThemeContextValue {
  isDark: boolean;
  colorMode: ColorMode;
  /** Switches between light and dark and persists the choice. */
  toggleTheme: () => void;
  /** Sets dark (true) or light (false) and persists the choice. */
  setDark: (isDark: boolean) => void;
}

/** Theme state shared by the whole app; provided by `ThemeProvider`. */
export const ThemeContext = createContext<ThemeContextValue | null>(null);
