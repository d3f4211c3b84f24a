import { describe, expect, it } from 'vitest';
import { BROKER_TYPES } from '@fnodesk/contracts';
import { createBrokerRegistry } from './broker-registry';

describe('broker registry', () => {
  const registry = createBrokerRegistry();

  it('lists the sixteen broker-login tiles in the order of the spec', () => {
    expect(registry.adapters.map((a) => a.manifest.displayName)).toEqual([
      'Paper Trading',
      '5Paisa',
      'Firstock',
      'Aliceblue',
      'Angel One',
      'Zerodha',
      'Fyers',
      'Dhan',
      'Upstox',
      'Kotak Neo',
      'Shoonya',
      'FlatTrade',
      'Jainam (XTS)',
      'Open XTS',
      'Jainam Duck',
      'ICICI Direct',
    ]);
  });

  it('gives every tile its own login type code, covering 0 to 15', () => {
    const codes = registry.adapters.map((a) => a.manifest.loginTypeCode);
    expect([...codes].sort((a, b) => a - b)).toEqual([...Array(16).keys()]);
  });

  it('maps the spec login type codes to their brokers', () => {
    const name = (code: Parameters<typeof registry.byLoginTypeCode>[0]) =>
      registry.byLoginTypeCode(code)?.manifest.displayName;
    expect(name(0)).toBe('Zerodha');
    expect(name(6)).toBe('Jainam Duck');
    expect(name(11)).toBe('Open XTS');
    expect(name(12)).toBe('Paper Trading');
    expect(name(13)).toBe('Jainam (XTS)');
    expect(name(15)).toBe('Firstock');
  });

  it('covers every broker type and finds XTS only with its sub-type', () => {
    for (const type of BROKER_TYPES) {
      if (type === 'xts') continue;
      expect(registry.byType(type)?.manifest.type).toBe(type);
    }
    expect(registry.byType('xts')).toBeUndefined();
    expect(registry.byType('xts', 'openxts')?.manifest.id).toBe('xts-openxts');
    expect(registry.byType('xts', 'jainamduck')?.manifest.loginTypeCode).toBe(6);
    expect(registry.byType('zerodha', 'jainam')?.manifest.id).toBe('zerodha');
  });

  it('refuses a type it does not know with a BrokerError', () => {
    expect(() => registry.require('xts', 'nosuch')).toThrowError(/No broker integration for xts \(nosuch\)/);
    expect(registry.byId('papertrading')?.manifest.loginTypeCode).toBe(12);
    expect(registry.byId('nosuch')).toBeUndefined();
  });

  it('sends /broker-setup exactly the tiles with codes 0, 3, 7, 9, 10, 11, 13 and 14', () => {
    const setup = registry.adapters
      .filter((a) => a.manifest.capabilities.setupScreen)
      .map((a) => a.manifest.loginTypeCode);
    expect(setup.sort((a, b) => a - b)).toEqual([0, 3, 7, 9, 10, 11, 13, 14]);
  });

  it('lets only Zerodha send real orders and only ICICI stay out of trading', () => {
    expect(registry.adapters.filter((a) => a.manifest.capabilities.realOrders).map((a) => a.manifest.id)).toEqual([
      'zerodha',
    ]);
    expect(registry.adapters.filter((a) => !a.manifest.capabilities.quickTrade).map((a) => a.manifest.id)).toEqual([
      'icici',
    ]);
  });

  it('asks for a TOTP or password in the modal only for Shoonya, XTS and Kotak Neo', () => {
    const modal = registry.adapters
      .filter((a) => a.manifest.capabilities.collectTOTPForLogin || a.manifest.capabilities.collectPasswordForLogin)
      .map((a) => a.manifest.type);
    expect(new Set(modal)).toEqual(new Set(['kotakneo', 'shoonya', 'xts']));
  });
});
