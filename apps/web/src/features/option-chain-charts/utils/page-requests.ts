import type { OptionChain } from '@fnodesk/contracts';
import { findDerivativesUnderlying, type ChainAtmBasis, type Exchange } from '@fnodesk/domain';
import type { CandleSet } from '../../../lib/market/get-candles-batch';
import type { OptionChainChartsPreferences } from './option-chain-charts-preferences';
import { strikeEntries } from './strike-layout';

/** The exchanges of an instrument's options and of its index (BSE for SENSEX and BANKEX). */
export function chartExchanges(instrument: string | null): { option: Exchange; spot: Exchange } {
  const underlying = instrument === null ? null : findDerivativesUnderlying(instrument);
  return { option: underlying?.exchange ?? 'NFO', spot: underlying?.spotExchange ?? 'NSE' };
}

/** The page's `option_chain` request, once the instrument and the expiry are known. */
export function chainRequestOf(
  instrument: string | null,
  expiry: string | null,
  preferences: Pick<OptionChainChartsPreferences, 'strike' | 'atm'>,
): { name: string; expiry: string; strikes: number; atm: ChainAtmBasis } | null {
  return instrument === null || expiry === null
    ? null
    : { name: instrument, expiry, strikes: preferences.strike, atm: preferences.atm };
}

/** The charts' candle requests: every strike's call and put, and the index chart (null while hidden). */
export interface PageCandleSets {
  strikes: CandleSet | null;
  index: CandleSet | null;
  /** The index chart's instrument (the future or the index), once the chain names it. */
  indexToken: number | null;
}

/** What the page's charts ask for, from its preferences and chain: the page and its prefetch ask alike. */
export function pageCandleSets(
  preferences: OptionChainChartsPreferences,
  chain: OptionChain | undefined,
  exchanges: { option: Exchange; spot: Exchange },
): PageCandleSets {
  if (chain === undefined) return { strikes: null, index: null, indexToken: null };
  const tokens = strikeEntries(chain).flatMap((entry) => [entry.callToken, entry.putToken]);
  const indexIsSpot = preferences.instrumentType === 'spot';
  const indexToken = indexIsSpot ? chain.spotToken : chain.futToken;
  return {
    strikes:
      tokens.length === 0
        ? null
        : {
            tokens,
            resolution: preferences.resolutionStrike,
            period: preferences.periodStrike,
            exchange: exchanges.option,
          },
    index: !preferences.hideShow
      ? null
      : {
          tokens: [indexToken],
          resolution: preferences.resolution,
          period: preferences.period,
          exchange: indexIsSpot ? exchanges.spot : exchanges.option,
        },
    indexToken,
  };
}

/** The requests behind the page's charts: `main` always, `separate` for an index chart of its own resolution. */
export interface ChartCandleRequests {
  main: CandleSet | null;
  separate: CandleSet | null;
}

/**
 * The strike charts in one request, the index chart in the same request when it shares their resolution and period
 * (both exchanges of an underlying keep the same sessions), else in a second one.
 */
export function chartCandleRequests(strikes: CandleSet | null, index: CandleSet | null): ChartCandleRequests {
  if (strikes === null) return { main: index, separate: null };
  if (index === null) return { main: strikes, separate: null };
  const together = strikes.resolution === index.resolution && strikes.period === index.period;
  return together
    ? { main: { ...strikes, tokens: [...index.tokens, ...strikes.tokens] }, separate: null }
    : { main: strikes, separate: index };
}
