import { useContext } from 'react';
import { ThemeContext, type ThemeContextValue } from '../components/theme-context';

/** The current colour mode and the functions that change it; must be used under `ThemeProvider`. */
export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (value === null) throw new Error('useTheme() must be used inside <ThemeProvider>');
  return value;
}
