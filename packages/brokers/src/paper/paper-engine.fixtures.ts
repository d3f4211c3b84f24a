// Instruments and ticks shared by the paper engine's tests and bench.
import { istInstant, type EpochMs } from '@fnodesk/domain';
import type { PaperInstrument, PaperOrderRequest, PaperTick } from './paper-engine-types';

/** A NIFTY weekly call (lot 65). */
export const NIFTY_CALL: PaperInstrument = {
  token: 1001,
  tradingSymbol: 'NIFTY26N2325000CE',
  exchange: 'NFO',
  contract: { root: 'NIFTY', kind: 'CE', expiry: '2026-11-23', strike: 25_000 },
  underlyingKind: 'index',
  lotSize: 65,
  tickSize: 0.05,
};

/** The NIFTY November future (lot 65). */
export const NIFTY_FUTURE: PaperInstrument = {
  token: 1002,
  tradingSymbol: 'NIFTY26NOVFUT',
  exchange: 'NFO',
  contract: { root: 'NIFTY', kind: 'FUT', expiry: '2026-11-26', strike: null },
  underlyingKind: 'index',
  lotSize: 65,
  tickSize: 0.05,
};

/** A stock future (physically settled at NSE). */
export const RELIANCE_FUTURE: PaperInstrument = {
  token: 2001,
  tradingSymbol: 'RELIANCE26NOVFUT',
  exchange: 'NFO',
  contract: { root: 'RELIANCE', kind: 'FUT', expiry: '2026-11-26', strike: null },
  underlyingKind: 'stock',
  lotSize: 500,
  tickSize: 0.05,
};

/** An instant on Thursday 19-Nov-2026 (IST clock time, with seconds). */
export function at(time: string, date = '2026-11-19'): EpochMs {
  const [hm, seconds] = [time.slice(0, 5), Number(time.slice(6) || 0)];
  return istInstant(date, hm) + seconds * 1_000;
}

/** A tick one tick wide around `lp`, `size` units a level, five levels a side. */
export function bookTick(token: number, ts: EpochMs, lp: number, size = 650, vt?: number): PaperTick {
  const level = (i: number, sign: 1 | -1) => ({ p: Number((lp + sign * i * 0.05).toFixed(2)), q: size });
  return {
    token,
    ts,
    lp,
    ...(vt === undefined ? {} : { vt }),
    depth: { buy: [0, 1, 2, 3, 4].map((i) => level(i, -1)), sell: [1, 2, 3, 4, 5].map((i) => level(i, 1)) },
  };
}

/** A DAY NRML order with the given overrides. */
export function orderRequest(over: Partial<PaperOrderRequest> & Pick<PaperOrderRequest, 'orderId'>): PaperOrderRequest {
  return {
    instrument: NIFTY_CALL,
    side: 'BUY',
    quantity: 65,
    orderType: 'MARKET',
    product: 'NRML',
    validity: 'DAY',
    variety: 'regular',
    marketProtection: -1,
    ...over,
  };
}
