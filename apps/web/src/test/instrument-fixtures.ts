import type { Instrument } from '@fnodesk/contracts';

/** An NSE index as the instrument search answers it: `name` is also its symbol and display name. */
export function indexInstrument(name: string, token: number): Instrument {
  return {
    instrumentToken: token,
    exchange: 'NSE',
    segment: 'INDICES',
    tradingSymbol: name,
    name,
    displayName: name,
    instrumentType: 'INDEX',
    underlyingToken: token,
    expiry: null,
    strike: null,
    lotSize: 1,
    tickSize: 0.05,
    volumeFreeze: null,
    sector: null,
  };
}
