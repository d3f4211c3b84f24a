import { describe, expect, it } from 'vitest';
import { TradeSettingsSchema } from './documents';

const SETTINGS = {
  quantityLots: 1,
  orderType: 'MARKET',
  product: 'MIS',
  validity: 'DAY',
  orderSequence: 'buys-first',
  marketProtectionPercent: 2,
};

describe('trade settings documents', () => {
  it('accepts an underlying-and-expiry override with its slice, sequence and price buffer', () => {
    const parsed = TradeSettingsSchema.safeParse({
      ...SETTINGS,
      overrides: {
        'NIFTY:2026-12-01': {
          quantityLots: 2,
          orderType: 'LIMIT',
          product: 'NRML',
          validity: 'IOC',
          sliceLots: 27,
          orderSequence: 'sells-first',
          marketProtectionPercent: 1.5,
        },
      },
      riskDisclosureAcceptedAt: '2026-11-28T09:00:00.000Z',
    });
    expect(parsed.success).toBe(true);
  });

  it('refuses an unknown order sequence and a disclosure time that is not a date-time', () => {
    expect(TradeSettingsSchema.safeParse({ ...SETTINGS, orderSequence: 'random' }).success).toBe(false);
    expect(TradeSettingsSchema.safeParse({ ...SETTINGS, riskDisclosureAcceptedAt: 'yesterday' }).success).toBe(false);
  });
});
