import { lotSizeFor } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { straddlePriceRows } from './straddle-prices';

const row = (symbol: string) => ({
  symbol,
  token: 1,
  expiry: '2026-12-29',
  strike: 1_500,
  spot: 1_502,
  ce: 30,
  pe: 28,
  straddle: 58,
  percentOfSpot: (58 / 1_502) * 100,
});

describe('ATM straddle prices', () => {
  it('prices a lot as straddle × the lot size of the expiry', () => {
    const [priced] = straddlePriceRows([row('RELIANCE')]);
    const lot = lotSizeFor('RELIANCE', '2026-12-29');
    expect(priced!.lot).toBe(lot);
    expect(priced!.perLot).toBe(58 * lot);
  });

  it('shows no lot for a symbol the lot table does not know', () => {
    const [priced] = straddlePriceRows([row('NOSUCHSTOCK')]);
    expect(priced!.lot).toBeNull();
    expect(priced!.perLot).toBeNull();
  });
});
