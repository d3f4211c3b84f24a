import { describe, expect, it } from 'vitest';
import { appHomePath, signedInHomeRedirect } from './app-home';

describe("the signed-in app's first page", () => {
  it('is the charts page once it exists, then the option-chain charts, then the futures dashboard', () => {
    expect(appHomePath(() => true)).toBe('/pages/charts');
    expect(appHomePath((path) => path !== '/pages/charts')).toBe('/pages/option-chain-charts');
    expect(appHomePath((path) => path === '/pages/future-dashboard')).toBe('/pages/future-dashboard');
  });

  it('is otherwise the first Discover page of the menu, else My Profile', () => {
    expect(appHomePath((path) => path === '/pages/holiday-list' || path === '/pages/ban-list')).toBe('/pages/ban-list');
    expect(appHomePath(() => false)).toBe('/profile');
  });

  it('sends / to the charts only when the charts page exists', () => {
    expect(signedInHomeRedirect(() => false)).toBeNull();
    expect(signedInHomeRedirect(() => true)).toBe('/pages/charts');
  });
});
