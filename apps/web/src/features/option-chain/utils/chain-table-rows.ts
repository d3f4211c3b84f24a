// The option-chain table's rows (spec §2.9 derived row): per strike the call and put ATP, LTP, LTP change and per
// cent, OI, OI change and per cent, volume, and the strike's PCR (put OI / call OI), plus IV and greeks. Prices, OI
// and volume come from the feed's latest tick when there is one (live tier) and from the chain answer otherwise;
// IV and greeks are the server's, computed once a minute.
import type { FeedTick, OptionChain } from '@fnodesk/contracts';
import type { ChartPeriod } from '@fnodesk/domain';
import type { PeriodReferences } from './period-references';

type ChainLeg = OptionChain['rows'][number]['ce'];

/** One side (call or put) of a strike as the table shows it. */
export interface ChainTableSide {
  token: number;
  tradingSymbol: string;
  atp: number | null;
  ltp: number | null;
  ltpChange: number | null;
  ltpChangePercent: number | null;
  oi: number | null;
  oiChange: number | null;
  oiChangePercent: number | null;
  volume: number | null;
  iv: number | null;
  delta: number | null;
  gamma: number | null;
  theta: number | null;
  vega: number | null;
  /** In the money against the underlying's price. */
  itm: boolean;
}

/** One strike of the table. */
export interface ChainTableRow {
  strike: number;
  ce: ChainTableSide;
  pe: ChainTableSide;
  /** Put OI / call OI of the strike; null without call OI. */
  pcr: number | null;
  /** The strike the chain centres on (its ATM by the chosen basis). */
  atm: boolean;
}

/** What the rows are built from. */
export interface ChainRowsInput {
  chain: OptionChain;
  /** Latest feed ticks by token (empty outside the live tier). */
  ticks: ReadonlyMap<number, FeedTick>;
  period: ChartPeriod;
  /** Closes and OI the changes compare with for periods other than 1D; null while they load. */
  references: PeriodReferences | null;
  /** The price ITM is judged against (the spot), or null when unknown. */
  underlying: number | null;
}

/** Change and per-cent change of a value against a reference; nulls when either is missing (or the base is 0). */
export function changeOf(
  value: number | null,
  reference: number | null,
): { change: number | null; percent: number | null } {
  if (value === null || reference === null) return { change: null, percent: null };
  const change = value - reference;
  return { change, percent: reference === 0 ? null : (change / reference) * 100 };
}

function sideOf(leg: ChainLeg, tick: FeedTick | undefined, input: ChainRowsInput, itm: boolean): ChainTableSide {
  const ltp = tick?.lp ?? leg.ltp;
  const oi = tick?.oi ?? leg.oi;
  let ltpReference: number | null;
  let oiReference: number | null;
  if (input.period === '1D') {
    // The previous session's close: the tick's `c`, else what the chain's change was measured from.
    ltpReference = tick?.c ?? (leg.ltp !== null && leg.ltpChange !== null ? leg.ltp - leg.ltpChange : null);
    oiReference = tick?.prev?.oi ?? (leg.oi !== null && leg.oiChange !== null ? leg.oi - leg.oiChange : null);
  } else {
    const reference = input.references?.get(leg.token);
    ltpReference = reference?.close ?? null;
    oiReference = reference?.oi ?? null;
  }
  const price = changeOf(ltp, ltpReference);
  const interest = changeOf(oi, oiReference);
  return {
    token: leg.token,
    tradingSymbol: leg.tradingSymbol,
    atp: tick?.atp ?? leg.atp,
    ltp,
    ltpChange: price.change,
    ltpChangePercent: price.percent,
    oi,
    oiChange: interest.change,
    oiChangePercent: interest.percent,
    volume: tick?.vt ?? leg.volume,
    iv: leg.iv,
    delta: leg.delta,
    gamma: leg.gamma,
    theta: leg.theta,
    vega: leg.vega,
    itm,
  };
}

/** The table's rows in ascending strike order. */
export function chainTableRows(input: ChainRowsInput): ChainTableRow[] {
  const { chain, ticks, underlying } = input;
  return chain.rows.map((row) => {
    const ce = sideOf(row.ce, ticks.get(row.ce.token), input, underlying !== null && row.strike < underlying);
    const pe = sideOf(row.pe, ticks.get(row.pe.token), input, underlying !== null && row.strike > underlying);
    return {
      strike: row.strike,
      ce,
      pe,
      pcr: ce.oi !== null && pe.oi !== null && ce.oi !== 0 ? pe.oi / ce.oi : null,
      atm: chain.atmStrike !== null && row.strike === chain.atmStrike,
    };
  });
}

/** A price with its change and per-cent change. */
export interface PriceMove {
  price: number | null;
  change: number | null;
  percent: number | null;
}

/** The summary strip (spec §2.9) with the figures added beyond it: max pain and ATM IV. */
export interface ChainSummary {
  syntheticFuture: number | null;
  spot: PriceMove;
  futures: PriceMove;
  pcr: number | null;
  maxPain: number | null;
  /** Mean of the ATM strike's call and put IV (either alone when the other is missing). */
  atmIv: number | null;
}

function moveOf(
  tick: FeedTick | undefined,
  price: number | null,
  change: number | null,
  percent: number | null,
): PriceMove {
  if (tick === undefined || tick.c === undefined) return { price, change, percent };
  const live = changeOf(tick.lp, tick.c);
  return { price: tick.lp, change: live.change, percent: live.percent };
}

/**
 * The summary: spot and future from their ticks when live, else the chain's; Syn Fut, PCR (all listed strikes) and
 * max pain as the server computed them for the minute (spec: Syn Fut is stored once a minute).
 */
export function chainSummary(chain: OptionChain, ticks: ReadonlyMap<number, FeedTick>): ChainSummary {
  const { summary } = chain;
  const atmRow = chain.rows.find((row) => row.strike === chain.atmStrike);
  const ivs = [atmRow?.ce.iv, atmRow?.pe.iv].filter((iv): iv is number => typeof iv === 'number');
  return {
    syntheticFuture: summary.syntheticFuture,
    spot: moveOf(ticks.get(chain.spotToken), summary.spot, summary.spotChange, summary.spotChangePercent),
    futures: moveOf(ticks.get(chain.futToken), summary.futures, summary.futuresChange, summary.futuresChangePercent),
    pcr: summary.pcr,
    maxPain: summary.maxPainStrike,
    atmIv: ivs.length === 0 ? null : ivs.reduce((sum, iv) => sum + iv, 0) / ivs.length,
  };
}
