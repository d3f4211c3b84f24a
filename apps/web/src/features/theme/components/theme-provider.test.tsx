import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../storage/theme-storage';
import { ThemeProvider } from './theme-provider';
import { ThemeToggle } from './theme-toggle';

function renderToggle() {
  return render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  delete document.documentElement.dataset['bsTheme'];
});

describe('theme', () => {
  it('starts light when nothing is stored', () => {
    renderToggle();

    expect(document.documentElement.dataset['bsTheme']).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBeInTheDocument();
  });

  it('persists the dark choice under isDark and applies it as data-bs-theme on <html>', async () => {
    const user = userEvent.setup();
    renderToggle();

    await user.click(screen.getByRole('button', { name: 'Switch to dark mode' }));

    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('true');
    expect(document.documentElement.dataset['bsTheme']).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
  });

  it('restores the stored choice on the next visit and can switch back to light', async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'true');
    const user = userEvent.setup();
    renderToggle();

    expect(document.documentElement.dataset['bsTheme']).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));

    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('false');
    expect(document.documentElement.dataset['bsTheme']).toBe('light');
  });

  it('follows a change made in another tab', () => {
    renderToggle();

    act(() => {
      window.localStorage.setItem(THEME_STORAGE_KEY, 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'true' }));
    });

    expect(document.documentElement.dataset['bsTheme']).toBe('dark');
  });
});
