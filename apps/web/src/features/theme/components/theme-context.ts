import { createContext } from 'react';
import type { ColorMode } from '../storage/theme-storage';
import type { UiSettings } from '../storage/ui-settings-storage';

/** What `useTheme()` gives a component. */
export interface ThemeContextValue {
  isDark: boolean;
  colorMode: ColorMode;
  /** Switches between light and dark and persists the choice. */
  toggleTheme: () => void;
  /** Sets dark (true) or light (false) and persists the choice. */
  setDark: (isDark: boolean) => void;
  /** The layout settings: direction, fluid layout, navigation position and style, collapsed navigation. */
  settings: UiSettings;
  /** Changes and persists some of the layout settings. */
  updateSettings: (changes: Partial<UiSettings>) => void;
}

/** Theme state shared by the whole app; provided by `ThemeProvider`. */
export const ThemeContext = createContext<ThemeContextValue | null>(null);
