import type { OptionChain } from '@fnodesk/contracts';
import { findDerivativesUnderlying, type Exchange } from '@fnodesk/domain';
import type { CandleSet } from '../../../lib/market/get-candles-batch';
import type { AdvanceChartPreferences } from './advance-chart-preferences';
import { strikePairs } from './strike-pairs';

/** The exchange an instrument's options trade on (BFO for SENSEX and BANKEX). */
export function optionExchangeOf(instrument: string | null): Exchange {
  return (instrument === null ? null : findDerivativesUnderlying(instrument))?.exchange ?? 'NFO';
}

/** The page's `option_chain` request, once the instrument and the expiry are known. */
export function advanceChainRequest(
  instrument: string | null,
  expiry: string | null,
  preferences: Pick<AdvanceChartPreferences, 'strike' | 'atm'>,
) {
  return instrument === null || expiry === null
    ? null
    : { name: instrument, expiry, strikes: preferences.strike, atm: preferences.atm };
}

/** Every strike's call and put in one candle request (null while the chain lists none). */
export function advanceCandleSet(
  preferences: Pick<AdvanceChartPreferences, 'resolution' | 'period'>,
  chain: Pick<OptionChain, 'optData'>,
  exchange: Exchange,
): CandleSet | null {
  const tokens = strikePairs(chain).flatMap((pair) => [pair.call.token, pair.put.token]);
  return tokens.length === 0
    ? null
    : { tokens, exchange, resolution: preferences.resolution, period: preferences.period };
}
