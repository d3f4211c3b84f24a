import type { ReactNode } from 'react';
import { Button, Form, Offcanvas } from 'react-bootstrap';
import { useTheme } from '../hooks/use-theme';
import {
  DEFAULT_UI_SETTINGS,
  NAVBAR_POSITIONS,
  NAVBAR_STYLES,
  type NavbarPosition,
  type NavbarStyle,
} from '../storage/ui-settings-storage';

const POSITION_LABELS: Readonly<Record<NavbarPosition, string>> = {
  vertical: 'Vertical',
  top: 'Top',
  combo: 'Combo',
};

const STYLE_LABELS: Readonly<Record<NavbarStyle, string>> = {
  transparent: 'Transparent',
  inverted: 'Inverted',
  card: 'Card',
  vibrant: 'Vibrant',
};

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="settings-section mb-4">
      <legend className="h6 fw-semibold mb-1">{title}</legend>
      {hint !== undefined && <p className="small text-body-secondary mb-2">{hint}</p>}
      {children}
    </fieldset>
  );
}

/**
 * The settings panel (spec signed-in §2.4): colour scheme, right-to-left, fluid layout, navigation position and the
 * vertical navigation's style. Every choice applies at once and is kept for the next visit.
 */
export function SettingsPanel({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { isDark, setDark, settings, updateSettings } = useTheme();
  return (
    <Offcanvas show={show} onHide={onHide} placement="end" className="settings-panel" aria-labelledby="settings-title">
      <Offcanvas.Header closeButton closeLabel="Close settings" className="border-bottom">
        <div>
          <Offcanvas.Title id="settings-title" as="h2" className="h5 mb-0">
            Settings
          </Offcanvas.Title>
          <p className="small text-body-secondary mb-0">Set your own customized style</p>
        </div>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <Section title="Color Scheme" hint="Choose the perfect color mode for your app.">
          <div className="d-flex gap-3">
            <Form.Check
              type="radio"
              id="settings-light"
              name="settings-color-scheme"
              label="Light"
              checked={!isDark}
              onChange={() => setDark(false)}
            />
            <Form.Check
              type="radio"
              id="settings-dark"
              name="settings-color-scheme"
              label="Dark"
              checked={isDark}
              onChange={() => setDark(true)}
            />
          </div>
        </Section>
        <Section title="Direction" hint="Switch your language direction.">
          <Form.Check
            type="switch"
            id="settings-rtl"
            label="RTL Mode"
            checked={settings.isRTL}
            onChange={(event) => updateSettings({ isRTL: event.target.checked })}
          />
        </Section>
        <Section title="Layout" hint="Use the whole width of the screen for the pages.">
          <Form.Check
            type="switch"
            id="settings-fluid"
            label="Fluid Layout"
            checked={settings.isFluid}
            onChange={(event) => updateSettings({ isFluid: event.target.checked })}
          />
        </Section>
        <Section title="Navigation Position" hint="Select a suitable navigation system for your app.">
          <div className="d-flex flex-wrap gap-3">
            {NAVBAR_POSITIONS.map((position) => (
              <Form.Check
                key={position}
                type="radio"
                id={`settings-position-${position}`}
                name="settings-navbar-position"
                label={POSITION_LABELS[position]}
                checked={settings.navbarPosition === position}
                onChange={() => updateSettings({ navbarPosition: position })}
              />
            ))}
          </div>
        </Section>
        <Section title="Vertical Navbar Style" hint="Switch between styles for your vertical navbar.">
          <div className="d-flex flex-wrap gap-3">
            {NAVBAR_STYLES.map((style) => (
              <Form.Check
                key={style}
                type="radio"
                id={`settings-style-${style}`}
                name="settings-navbar-style"
                label={STYLE_LABELS[style]}
                disabled={settings.navbarPosition === 'top'}
                checked={settings.navbarStyle === style}
                onChange={() => updateSettings({ navbarStyle: style })}
              />
            ))}
          </div>
        </Section>
        <Button
          variant="outline-secondary"
          className="w-100"
          onClick={() => {
            setDark(false);
            updateSettings(DEFAULT_UI_SETTINGS);
          }}
        >
          Reset to defaults
        </Button>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
