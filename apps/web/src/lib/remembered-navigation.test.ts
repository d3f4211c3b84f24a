import { beforeEach, describe, expect, it } from 'vitest';
import {
  hasSelectedPlan,
  LAST_PAGE_STORAGE_KEY,
  readLastPage,
  rememberLastPage,
  SELECTED_PLAN_STORAGE_KEY,
} from './remembered-navigation';

beforeEach(() => window.localStorage.clear());

describe('remembered navigation', () => {
  it('knows whether a plan was chosen before signing in', () => {
    expect(hasSelectedPlan()).toBe(false);
    window.localStorage.setItem(SELECTED_PLAN_STORAGE_KEY, JSON.stringify({ id: 'Starter', planName: 'Starter' }));
    expect(hasSelectedPlan()).toBe(true);
  });

  it('remembers the last page with its query', () => {
    expect(readLastPage()).toBeNull();
    rememberLastPage('/pages/option-chain?symbol=NIFTY');
    expect(readLastPage()).toBe('/pages/option-chain?symbol=NIFTY');
  });

  it('never remembers or returns anything but a path of this site', () => {
    rememberLastPage('https://elsewhere.example/');
    rememberLastPage('//elsewhere.example/');
    expect(readLastPage()).toBeNull();

    window.localStorage.setItem(LAST_PAGE_STORAGE_KEY, '//elsewhere.example/');
    expect(readLastPage()).toBeNull();
  });
});
