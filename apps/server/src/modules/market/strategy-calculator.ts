// Strategies of the Strategy Chart page: legs given by token or trading symbol, each bought or sold in a quantity
// at a price. The combined premium is Σ ±quantity × price (+ bought, − sold), per candle; the payoff inputs are
// what a payoff diagram needs: the legs with their IV and position greeks (taken from the chain analytics of the
// minute, so they agree with the option chain), the underlying's spot and future, time to expiry and rate.
import type {
  StrategyChartSchema,
  StrategyLeg,
  StrategyLegResultSchema,
  StrategySeriesSchema,
} from '@fnodesk/contracts';
import { derivativesRootOf } from '@fnodesk/contracts';
import type { Resolution } from '@fnodesk/domain';
import {
  candleBucketStart,
  contractInstrumentToken,
  findIndexByName,
  isIntradayResolution,
  nearestStrikeIndex,
  sessionLastSecond,
  spotInstrumentToken,
  tryParseTradingSymbol,
} from '@fnodesk/domain';
import type { Candle, SimInstrument } from '@fnodesk/market-sim';
import { OPTION_DISCOUNT_RATE } from '@fnodesk/market-sim';
import type { z } from 'zod';
import { errors } from '../../platform/errors';
import type { MarketData } from './market-data.port';
import { roundedOrNull } from './market-format';
import { tradingInstant, type OptionChainAnalytics } from './option-chain-analytics';

type LegResult = z.infer<typeof StrategyLegResultSchema>;
type Payoff = z.infer<typeof StrategySeriesSchema>['payoff'];

interface ResolvedLeg {
  instrument: SimInstrument;
  side: 'BUY' | 'SELL';
  quantity: number;
  /** +quantity bought, −quantity sold. */
  signed: number;
  price: number | undefined;
}

const DAY_MS = 86_400_000;

/** Computes strategy series, charts and payoff inputs from the market and the chain analytics. */
export class StrategyCalculator {
  private readonly data: MarketData;
  private readonly analytics: OptionChainAnalytics;

  constructor(data: MarketData, analytics: OptionChainAnalytics) {
    this.data = data;
    this.analytics = analytics;
  }

  /** The legs, payoff inputs and the combined premium and P&L per candle from `from` to `end`. */
  series(
    legs: readonly StrategyLeg[],
    resolution: Resolution,
    from: number,
    end: number,
  ): z.infer<typeof StrategySeriesSchema> {
    const resolved = this.resolve(legs);
    const candles = resolved.map((leg) =>
      end >= from ? this.data.candles.candles(leg.instrument.instrumentToken, resolution, from, end) : [],
    );
    const prices = this.entryPrices(resolved, candles, end);
    const closes = candles.map((list) => new Map(list.map((candle) => [candle.t, candle.c])));
    const series: z.infer<typeof StrategySeriesSchema>['series'] = [];
    for (const t of commonStarts(candles)) {
      let premium = 0;
      let pnl = 0;
      resolved.forEach((leg, i) => {
        const close = closes[i]!.get(t)!;
        premium += leg.signed * close;
        pnl += leg.signed * (close - prices[i]!);
      });
      series.push({ t, premium: roundedOrNull(premium, 2) ?? 0, pnl: roundedOrNull(pnl, 2) ?? 0 });
    }
    return { ...this.describe(resolved, prices, end), series };
  }

  /**
   * The legs, payoff inputs and the combined premium as candles: opens and closes are the legs' combined opens and
   * closes; highs and lows are those of the combined premium at every minute's open and close (every day's for
   * 1D, 1W and 1M), since the legs' own highs and lows need not fall in the same second. Volume adds up the legs'
   * volumes; ATP is Σ ± quantity × leg ATP at the candle's last minute.
   */
  chart(
    legs: readonly StrategyLeg[],
    resolution: Resolution,
    from: number,
    end: number,
  ): z.infer<typeof StrategyChartSchema> {
    const resolved = this.resolve(legs);
    const base: Resolution = isIntradayResolution(resolution) ? '1m' : '1D';
    const bars = resolved.map((leg) =>
      end >= from ? this.data.candles.candles(leg.instrument.instrumentToken, base, from, end) : [],
    );
    const exchange = resolved[0]!.instrument.exchange;
    const candles: z.infer<typeof StrategyChartSchema>['candles'] = [];
    const byStart = bars.map((list) => new Map(list.map((bar) => [bar.t, bar])));
    for (const t of commonStarts(bars)) {
      let open = 0;
      let close = 0;
      let volume = 0;
      let atp = 0;
      resolved.forEach((leg, i) => {
        const bar = byStart[i]!.get(t)!;
        open += leg.signed * bar.o;
        close += leg.signed * bar.c;
        volume += bar.v;
        atp += leg.signed * bar.atp;
      });
      const bucket = base === resolution ? t : candleBucketStart(t, resolution, exchange);
      const current = candles[candles.length - 1];
      if (current && current.t === bucket) {
        current.h = Math.max(current.h, open, close);
        current.l = Math.min(current.l, open, close);
        current.c = close;
        current.v += volume;
        current.atp = atp;
      } else {
        candles.push({
          t: bucket,
          o: open,
          h: Math.max(open, close),
          l: Math.min(open, close),
          c: close,
          v: volume,
          atp,
        });
      }
    }
    for (const candle of candles) {
      candle.o = roundedOrNull(candle.o, 2) ?? 0;
      candle.h = roundedOrNull(candle.h, 2) ?? 0;
      candle.l = roundedOrNull(candle.l, 2) ?? 0;
      candle.c = roundedOrNull(candle.c, 2) ?? 0;
      candle.atp = roundedOrNull(candle.atp, 2) ?? 0;
    }
    const prices = this.entryPrices(resolved, bars, end);
    return { ...this.describe(resolved, prices, end), candles };
  }

  private resolve(legs: readonly StrategyLeg[]): ResolvedLeg[] {
    return legs.map((leg, i) => {
      let instrument: SimInstrument | null = null;
      if (leg.token !== undefined) {
        instrument = this.data.instruments.instrument(leg.token);
        if (!instrument) throw errors.validation(`legs.${i}.token`, 'No instrument has this token.');
      } else {
        const symbol = (leg.symbol ?? '').toUpperCase();
        const token = tokenOfSymbol(symbol);
        instrument = token === null ? null : this.data.instruments.instrument(token);
        if (!instrument) throw errors.validation(`legs.${i}.symbol`, `${symbol} is not a known instrument.`);
      }
      return {
        instrument,
        side: leg.side,
        quantity: leg.quantity,
        signed: leg.side === 'BUY' ? leg.quantity : -leg.quantity,
        price: leg.price,
      };
    });
  }

  // The price each leg was entered at: as sent, else the first candle's open, else the last price.
  private entryPrices(legs: readonly ResolvedLeg[], candles: readonly Candle[][], at: number): number[] {
    return legs.map(
      (leg, i) => leg.price ?? candles[i]![0]?.o ?? this.data.quotes.quote(leg.instrument.instrumentToken, at)?.lp ?? 0,
    );
  }

  private describe(legs: readonly ResolvedLeg[], prices: readonly number[], at: number) {
    const results: LegResult[] = legs.map((leg, i) => this.legResult(leg, prices[i]!, at));
    const names = new Set(legs.map((leg) => leg.instrument.name));
    const underlying = names.size === 1 ? legs[0]!.instrument.name : null;
    let futures: number | null = null;
    if (underlying) {
      const month = this.data.instruments.futureExpiries(underlying, at)[0];
      const token = month
        ? contractInstrumentToken({ root: underlying, kind: 'FUT', expiry: month.date, strike: null })
        : null;
      futures = token === null ? null : (this.data.quotes.quote(token, at)?.lp ?? null);
    }
    const expiries = legs
      .filter((leg) => leg.instrument.expiry !== null)
      .map((leg) => sessionLastSecond(leg.instrument.expiry!, leg.instrument.exchange) + 1_000);
    const nearest = expiries.length ? Math.min(...expiries) : NaN;
    const sum = (pick: (greeks: LegResult['greeks']) => number | null) =>
      results.reduce((total, leg) => total + (pick(leg.greeks) ?? 0), 0);
    const payoff: Payoff = {
      underlying,
      spot: underlying ? (this.data.quotes.spot(underlying, at)?.lp ?? null) : null,
      futures,
      daysToExpiry: roundedOrNull(Math.max(0, (nearest - at) / DAY_MS), 3),
      rate: OPTION_DISCOUNT_RATE,
      netPremium:
        roundedOrNull(
          legs.reduce((total, leg, i) => total + leg.signed * prices[i]!, 0),
          2,
        ) ?? 0,
      greeks: {
        delta: roundedOrNull(
          sum((g) => g.delta),
          4,
        ),
        gamma: roundedOrNull(
          sum((g) => g.gamma),
          6,
        ),
        theta: roundedOrNull(
          sum((g) => g.theta),
          2,
        ),
        vega: roundedOrNull(
          sum((g) => g.vega),
          2,
        ),
      },
    };
    return { legs: results, payoff };
  }

  private legResult(leg: ResolvedLeg, price: number, at: number): LegResult {
    const { instrument } = leg;
    const ltp = this.data.quotes.quote(instrument.instrumentToken, at)?.lp ?? null;
    let iv: number | null = null;
    let greeks: LegResult['greeks'] = { delta: null, gamma: null, theta: null, vega: null };
    if (instrument.instrumentType === 'CE' || instrument.instrumentType === 'PE') {
      const chain = instrument.expiry
        ? this.analytics.at(instrument.name, instrument.expiry, tradingInstant(at))
        : null;
      const index =
        chain && instrument.strike !== null ? nearestStrikeIndex(chain.analytics.strikes, instrument.strike) : -1;
      if (chain && index >= 0 && chain.analytics.strikes[index] === instrument.strike) {
        const side = instrument.instrumentType === 'CE' ? chain.analytics.ce : chain.analytics.pe;
        iv = roundedOrNull((side.iv[index] ?? NaN) * 100, 2);
        greeks = {
          delta: roundedOrNull((side.delta[index] ?? NaN) * leg.signed, 4),
          gamma: roundedOrNull((side.gamma[index] ?? NaN) * leg.signed, 6),
          theta: roundedOrNull((side.theta[index] ?? NaN) * leg.signed, 2),
          vega: roundedOrNull((side.vega[index] ?? NaN) * leg.signed, 2),
        };
      }
    } else {
      // A future or the underlying itself moves one for one with the underlying.
      greeks = { delta: leg.signed, gamma: 0, theta: 0, vega: 0 };
    }
    return {
      token: instrument.instrumentToken,
      tradingSymbol: instrument.tradingSymbol,
      name: instrument.name,
      instrumentType: instrument.instrumentType,
      expiry: instrument.expiry,
      strike: instrument.strike,
      lotSize: instrument.lotSize,
      side: leg.side,
      quantity: leg.quantity,
      price,
      ltp,
      iv,
      greeks,
    };
  }
}

/** The token of a trading symbol (`NIFTY26NOV25600CE`), an underlying root (`RELIANCE`) or an index name. */
function tokenOfSymbol(symbol: string): number | null {
  const contract = tryParseTradingSymbol(symbol);
  try {
    if (contract) return contractInstrumentToken(contract);
    const name = derivativesRootOf(symbol) ?? findIndexByName(symbol)?.tradingSymbol;
    return name ? spotInstrumentToken(name) : null;
  } catch {
    return null;
  }
}

// Candle starts every leg has, in order (legs of one strategy trade in the same session, so these are nearly all).
function commonStarts(candles: readonly (readonly Candle[])[]): number[] {
  const [first, ...rest] = candles;
  if (!first) return [];
  const others = rest.map((list) => new Set(list.map((candle) => candle.t)));
  return first.map((candle) => candle.t).filter((t) => others.every((set) => set.has(t)));
}
