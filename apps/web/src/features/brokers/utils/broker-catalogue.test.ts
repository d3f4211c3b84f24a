import { describe, expect, it } from 'vitest';
import { BROKER_TILES, setupTile, tileAction, tileFor, tilesForHost } from './broker-catalogue';

const tile = (id: string) => {
  const found = BROKER_TILES.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no tile ${id}`);
  return found;
};

describe('broker-login tiles', () => {
  it('lists the sixteen tiles in the spec order', () => {
    expect(BROKER_TILES.map((t) => t.label)).toEqual([
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
    expect(new Set(BROKER_TILES.map((t) => t.loginTypeCode)).size).toBe(16);
  });

  it("gives Open XTS the tooltip '200+ brokers supported'", () => {
    expect(tile('openxts').tooltip).toBe('200+ brokers supported');
  });

  it('finds the XTS tiles by their sub-type', () => {
    expect(tileFor('xts', 'jainamduck')?.label).toBe('Jainam Duck');
    expect(tileFor('zerodha', null)?.label).toBe('Zerodha');
  });
});

describe('tile routing (accounts §4)', () => {
  it('sends an already linked user name of the same broker to the Broker List', () => {
    expect(tileAction(tile('fyers'), 'ab123', [{ type: 'fyers', userName: 'AB123' }])).toBe('broker-accounts');
  });

  it('sends types 0, 3, 7, 9, 10, 11, 13, 14 to /broker-setup', () => {
    const setup = BROKER_TILES.filter((t) => tileAction(t, 'X1', []) === 'setup').map((t) => t.loginTypeCode);
    expect(setup.sort((a, b) => a - b)).toEqual([0, 3, 7, 9, 10, 11, 13, 14]);
  });

  it('adds every other broker and logs it in at once', () => {
    for (const id of ['papertrading', '5paisa', 'firstock', 'aliceblue', 'angelone', 'fyers', 'dhan', 'jainamduck']) {
      expect(tileAction(tile(id), 'X1', [{ type: 'zerodha', userName: 'X1' }])).toBe('add-and-login');
    }
  });

  it('opens /broker-setup only for the setup brokers it names', () => {
    expect(setupTile('zerodha', null)?.id).toBe('zerodha');
    expect(setupTile('xts', 'openxts')?.id).toBe('openxts');
    expect(setupTile('fyers', null)).toBeUndefined();
    expect(setupTile('nobroker', null)).toBeUndefined();
    expect(setupTile(null, null)).toBeUndefined();
  });
});

describe('white-label host rule (accounts §2)', () => {
  it("shows only the partner's tile when the host's first label is a partner", () => {
    expect(tilesForHost('zerodha.fnodesk.in').map((t) => t.id)).toEqual(['zerodha']);
    expect(tilesForHost('Upstox.example.com', { upstox: 'upstox' }).map((t) => t.id)).toEqual(['upstox']);
  });

  it('shows every tile on any other host', () => {
    expect(tilesForHost('app.fnodesk.in')).toHaveLength(16);
    expect(tilesForHost('127.0.0.1')).toHaveLength(16);
  });
});
