import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';

/** Where the signed-in app's navigation sits (spec signed-in §2.4). */
export const NAVBAR_POSITIONS = ['vertical', 'top', 'combo'] as const;
/** Where the signed-in app's navigation sits. */
export type NavbarPosition = (typeof NAVBAR_POSITIONS)[number];

/** Looks of the vertical navigation (spec signed-in §2.4). */
export const NAVBAR_STYLES = ['transparent', 'inverted', 'card', 'vibrant'] as const;
/** Looks of the vertical navigation. */
export type NavbarStyle = (typeof NAVBAR_STYLES)[number];

/** The layout settings of spec signed-in §3 UI config, besides the colour mode (kept under `isDark`). */
export interface UiSettings {
  isRTL: boolean;
  isFluid: boolean;
  navbarPosition: NavbarPosition;
  navbarStyle: NavbarStyle;
  isNavbarVerticalCollapsed: boolean;
}

/** What a first visit gets. */
export const DEFAULT_UI_SETTINGS: UiSettings = Object.freeze({
  isRTL: false,
  isFluid: false,
  navbarPosition: 'vertical',
  navbarStyle: 'transparent',
  isNavbarVerticalCollapsed: false,
});

/**
 * localStorage keys, one per setting, named as the spec's UI config fields. `public/theme-boot.js` reads `isRTL`
 * before first paint, so that key must change together with it.
 */
export const UI_SETTINGS_STORAGE_KEYS: Readonly<Record<keyof UiSettings, string>> = Object.freeze({
  isRTL: 'isRTL',
  isFluid: 'isFluid',
  navbarPosition: 'navbarPosition',
  navbarStyle: 'navbarStyle',
  isNavbarVerticalCollapsed: 'isNavbarVerticalCollapsed',
});

function readFlag(key: keyof UiSettings, fallback: boolean): boolean {
  const stored = readStoredItem(UI_SETTINGS_STORAGE_KEYS[key]);
  return stored === null ? fallback : stored === 'true';
}

function readChoice<T extends string>(key: keyof UiSettings, choices: readonly T[], fallback: T): T {
  const stored = readStoredItem(UI_SETTINGS_STORAGE_KEYS[key]);
  return choices.find((choice) => choice === stored) ?? fallback;
}

/** Reads the persisted layout settings; anything missing or unknown falls back to the default. */
export function readUiSettings(): UiSettings {
  return {
    isRTL: readFlag('isRTL', DEFAULT_UI_SETTINGS.isRTL),
    isFluid: readFlag('isFluid', DEFAULT_UI_SETTINGS.isFluid),
    navbarPosition: readChoice('navbarPosition', NAVBAR_POSITIONS, DEFAULT_UI_SETTINGS.navbarPosition),
    navbarStyle: readChoice('navbarStyle', NAVBAR_STYLES, DEFAULT_UI_SETTINGS.navbarStyle),
    isNavbarVerticalCollapsed: readFlag('isNavbarVerticalCollapsed', DEFAULT_UI_SETTINGS.isNavbarVerticalCollapsed),
  };
}

/** Persists the given settings, each under its own key. */
export function writeUiSettings(changes: Partial<UiSettings>): void {
  for (const [key, value] of Object.entries(changes) as [keyof UiSettings, UiSettings[keyof UiSettings]][]) {
    writeStoredItem(UI_SETTINGS_STORAGE_KEYS[key], String(value));
  }
}

/** Id of the <link> that loads Bootstrap; it carries the LTR and RTL stylesheet URLs in `data-ltr`/`data-rtl`. */
export const BOOTSTRAP_STYLESHEET_ID = 'bootstrap-css';

/**
 * Applies the reading direction to the whole document: `dir` on <html> and Bootstrap's matching stylesheet
 * (its RTL build mirrors margins, paddings, floats and placements).
 */
export function applyDirection(isRTL: boolean): void {
  const root = document.documentElement;
  root.dir = isRTL ? 'rtl' : 'ltr';
  const link = document.getElementById(BOOTSTRAP_STYLESHEET_ID);
  if (!(link instanceof HTMLLinkElement)) return;
  const href = isRTL ? link.dataset['rtl'] : link.dataset['ltr'];
  if (href !== undefined && href.length > 0 && link.getAttribute('href') !== href) link.setAttribute('href', href);
}
