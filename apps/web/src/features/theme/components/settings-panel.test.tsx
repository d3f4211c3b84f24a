import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTheme } from '../hooks/use-theme';
import { readUiSettings } from '../storage/ui-settings-storage';
import { SettingsPanel } from './settings-panel';
import { ThemeProvider } from './theme-provider';

function Shown() {
  const { settings, colorMode } = useTheme();
  return (
    <output>{`${colorMode} ${settings.navbarPosition} ${settings.navbarStyle} ${String(settings.isFluid)}`}</output>
  );
}

function renderPanel() {
  return render(
    <ThemeProvider>
      <Shown />
      <SettingsPanel show onHide={() => undefined} />
    </ThemeProvider>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.dir = 'ltr';
});

describe('SettingsPanel', () => {
  it('applies and keeps every choice: colour, direction, fluid layout, position and style', async () => {
    const user = userEvent.setup();
    renderPanel();

    await user.click(screen.getByLabelText('Dark'));
    await user.click(screen.getByLabelText('RTL Mode'));
    await user.click(screen.getByLabelText('Fluid Layout'));
    await user.click(screen.getByLabelText('Top'));
    await user.click(screen.getByLabelText('Card'));

    expect(document.documentElement.dataset['bsTheme']).toBe('dark');
    expect(document.documentElement.dir).toBe('rtl');
    expect(window.localStorage.getItem('isDark')).toBe('true');
    expect(readUiSettings()).toMatchObject({ isRTL: true, isFluid: true, navbarPosition: 'top' });
    // The vertical style cannot be chosen while the navigation sits on top.
    expect(screen.getByLabelText('Card')).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('dark top transparent true');
  });

  it('restores the saved choices on the next visit and resets to the defaults', async () => {
    window.localStorage.setItem('navbarStyle', 'inverted');
    window.localStorage.setItem('isRTL', 'true');
    const user = userEvent.setup();
    renderPanel();

    expect(screen.getByLabelText('Inverted')).toBeChecked();
    expect(screen.getByLabelText('RTL Mode')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));

    expect(screen.getByLabelText('Transparent')).toBeChecked();
    expect(document.documentElement.dir).toBe('ltr');
    expect(window.localStorage.getItem('isRTL')).toBe('false');
  });
});
