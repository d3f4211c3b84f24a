import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTheme } from './use-theme';

describe('useTheme', () => {
  it('refuses to work outside ThemeProvider', () => {
    expect(() => renderHook(() => useTheme())).toThrow('useTheme() must be used inside <ThemeProvider>');
  });
});
