import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyDirection,
  BOOTSTRAP_STYLESHEET_ID,
  DEFAULT_UI_SETTINGS,
  readUiSettings,
  writeUiSettings,
} from './ui-settings-storage';

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  document.getElementById(BOOTSTRAP_STYLESHEET_ID)?.remove();
  document.documentElement.dir = 'ltr';
});

describe('layout settings', () => {
  it('start vertical, transparent, fixed-width and left to right', () => {
    expect(readUiSettings()).toEqual(DEFAULT_UI_SETTINGS);
    expect(DEFAULT_UI_SETTINGS).toEqual({
      isRTL: false,
      isFluid: false,
      navbarPosition: 'vertical',
      navbarStyle: 'transparent',
      isNavbarVerticalCollapsed: false,
    });
  });

  it('persist each setting under its own key and read them back', () => {
    writeUiSettings({ isRTL: true, navbarPosition: 'combo', navbarStyle: 'vibrant', isFluid: true });

    expect(window.localStorage.getItem('isRTL')).toBe('true');
    expect(window.localStorage.getItem('navbarPosition')).toBe('combo');
    expect(readUiSettings()).toEqual({
      ...DEFAULT_UI_SETTINGS,
      isRTL: true,
      isFluid: true,
      navbarPosition: 'combo',
      navbarStyle: 'vibrant',
    });
  });

  it('ignore unknown stored values', () => {
    window.localStorage.setItem('navbarPosition', 'sideways');
    window.localStorage.setItem('navbarStyle', 'neon');

    expect(readUiSettings().navbarPosition).toBe('vertical');
    expect(readUiSettings().navbarStyle).toBe('transparent');
  });

  it("switch the document's direction and Bootstrap's stylesheet together", () => {
    const link = document.createElement('link');
    link.id = BOOTSTRAP_STYLESHEET_ID;
    link.rel = 'stylesheet';
    link.dataset['ltr'] = '/assets/bootstrap.ltr-1.css';
    link.dataset['rtl'] = '/assets/bootstrap.rtl-1.css';
    link.setAttribute('href', '/assets/bootstrap.ltr-1.css');
    document.head.append(link);

    applyDirection(true);
    expect(document.documentElement.dir).toBe('rtl');
    expect(link.getAttribute('href')).toBe('/assets/bootstrap.rtl-1.css');

    applyDirection(false);
    expect(document.documentElement.dir).toBe('ltr');
    expect(link.getAttribute('href')).toBe('/assets/bootstrap.ltr-1.css');
  });
});
