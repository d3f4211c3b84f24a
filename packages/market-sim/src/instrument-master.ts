// The instrument master of the simulated market for one session: every index and F&O stock, three futures months
// per derivatives root, and option strike ladders for every listed expiry. A ladder spans the underlying's price
// range since the expiry was listed plus a fixed number of strikes on each side, so it widens as the price moves
// (NSE adds strikes intraday or next day as the index travels). Lists follow the instrument picker's order.
import type { ContractExpiry, Exchange, IsoDate, Sector } from '@fnodesk/domain';
import {
  DERIVATIVES_TICK_SIZE,
  FNO_STOCKS,
  INDICES,
  contractInstrumentToken,
  derivativesExchangeOf,
  derivativesUnderlying,
  formatTradingSymbol,
  instrumentPickerOrder,
  lotSizeFor,
  monthAbbreviation,
  dateParts,
  spotInstrumentToken,
  tickSizeFor,
  volumeFreezeQuantity,
} from '@fnodesk/domain';
import { derivativesProfile } from './derivatives-profiles';
import type { ContractRef, PriceEngine } from './price-engine';
import { stockProfile } from './stock-profiles';

/** Kind of instrument as the master lists it. */
export type SimInstrumentType = 'INDEX' | 'EQ' | 'FUT' | 'CE' | 'PE';

/** One instrument of the master (spec §3 instrument details plus what the data routes need). */
export interface SimInstrument {
  instrumentToken: number;
  exchange: Exchange;
  /** Kite-style segment: INDICES, NSE, BSE, NFO-FUT, NFO-OPT, BFO-FUT, BFO-OPT. */
  segment: string;
  tradingSymbol: string;
  /** The underlying's name: derivatives root (NIFTY, RELIANCE) or the index's feed symbol. */
  name: string;
  displayName: string;
  instrumentType: SimInstrumentType;
  /** Token of the underlying's own price (the index value or the stock's cash price). */
  underlyingToken: number;
  expiry: IsoDate | null;
  strike: number | null;
  lotSize: number;
  tickSize: number;
  /** Freeze quantity (units per order) when published; null otherwise. */
  volumeFreeze: number | null;
  sector: Sector | null;
}

/** The derivatives roots in picker order: the seven indices, then the stocks A–Z. */
export const DERIVATIVES_ROOTS: readonly string[] = instrumentPickerOrder();

/** A root's spot instrument. */
export function spotInstrument(root: string): SimInstrument {
  const index = INDICES.find((entry) => entry.derivatives?.root === root || entry.tradingSymbol === root);
  if (index) {
    return {
      instrumentToken: spotInstrumentToken(index.tradingSymbol),
      exchange: index.exchange,
      segment: 'INDICES',
      tradingSymbol: index.tradingSymbol,
      name: index.derivatives?.root ?? index.tradingSymbol,
      displayName: index.displayName,
      instrumentType: 'INDEX',
      underlyingToken: spotInstrumentToken(index.tradingSymbol),
      expiry: null,
      strike: null,
      lotSize: index.derivatives ? lotSizeFor(index.derivatives.root, '2099-12-31') : 1,
      tickSize: 0.01,
      volumeFreeze: null,
      sector: null,
    };
  }
  const stock = FNO_STOCKS.find((entry) => entry.symbol === root);
  if (!stock) throw new RangeError(`Unknown instrument: ${root}`);
  const token = spotInstrumentToken(stock.symbol);
  return {
    instrumentToken: token,
    exchange: 'NSE',
    segment: 'NSE',
    tradingSymbol: stock.symbol,
    name: stock.symbol,
    displayName: stock.symbol,
    instrumentType: 'EQ',
    underlyingToken: token,
    expiry: null,
    strike: null,
    lotSize: 1,
    tickSize: DERIVATIVES_TICK_SIZE,
    volumeFreeze: null,
    sector: stock.sector,
  };
}

/** What every contract of a root and expiry shares in the master. */
interface ExpiryTemplate {
  root: string;
  expiry: IsoDate;
  exchange: Exchange;
  lotSize: number;
  tickSize: number;
  volumeFreeze: number | null;
  sector: Sector | null;
  underlyingToken: number;
  /** Expiry as the display names write it, e.g. 24 NOV 26. */
  when: string;
  /** Option trading symbols without strike and kind. */
  optionPrefix: string;
  futureSegment: string;
  optionSegment: string;
}

// Templates are shared by every contract of a root and expiry, so the instruments made from them share their
// strings: the master and the contracts resolved for requests hold tens of thousands of instruments, and each
// string of its own is one more object for every collection to mark. Bounded: cleared when it grows past a
// decade of expiries.
const templates = new Map<string, ExpiryTemplate>();
const MAX_TEMPLATES = 50_000;

function expiryTemplate(root: string, expiry: IsoDate): ExpiryTemplate {
  const key = `${root}|${expiry}`;
  let template = templates.get(key);
  if (!template) {
    if (templates.size >= MAX_TEMPLATES) templates.clear();
    template = newExpiryTemplate(root, expiry);
    templates.set(key, template);
  }
  return template;
}

function newExpiryTemplate(root: string, expiry: IsoDate): ExpiryTemplate {
  const { year, month, day } = dateParts(expiry);
  const exchange = derivativesExchangeOf(derivativesUnderlying(root).venue);
  return {
    root,
    expiry,
    exchange,
    lotSize: lotSizeFor(root, expiry),
    tickSize: tickSizeFor(root),
    volumeFreeze: volumeFreezeQuantity(root, expiry),
    sector: stockProfile(root)?.sector ?? null,
    underlyingToken: spotInstrumentToken(root),
    when: `${String(day).padStart(2, '0')} ${monthAbbreviation(month).toUpperCase()} ${String(year % 100)}`,
    optionPrefix: optionSymbolPrefix(root, expiry),
    futureSegment: `${exchange}-FUT`,
    optionSegment: `${exchange}-OPT`,
  };
}

function templateInstrument(
  template: ExpiryTemplate,
  kind: 'FUT' | 'CE' | 'PE',
  strike: number | null,
  token: number,
): SimInstrument {
  const { root, when, exchange } = template;
  return {
    instrumentToken: token,
    exchange,
    segment: kind === 'FUT' ? template.futureSegment : template.optionSegment,
    // Joined rather than concatenated: a join makes one flat string, where `+` and templates leave a chain of
    // string pieces that every collection walks.
    tradingSymbol:
      kind === 'FUT'
        ? formatTradingSymbol({ root, kind, expiry: template.expiry, strike: null })
        : [template.optionPrefix, String(strike), kind].join(''),
    name: root,
    displayName: kind === 'FUT' ? [root, when, 'FUT'].join(' ') : [root, when, String(strike), kind].join(' '),
    instrumentType: kind,
    underlyingToken: template.underlyingToken,
    expiry: template.expiry,
    strike,
    lotSize: template.lotSize,
    tickSize: template.tickSize,
    volumeFreeze: template.volumeFreeze,
    sector: template.sector,
  };
}

/** The master entry of a resolved contract (also for contracts no longer listed). */
export function contractInstrument(ref: ContractRef): SimInstrument {
  if (ref.kind === 'SPOT') return spotInstrument(ref.root);
  return templateInstrument(expiryTemplate(ref.root, ref.expiry!.date), ref.kind, ref.strike, ref.token);
}

// Option symbols are root + expiry code + strike + CE/PE; the expiry part is computed once per expiry.
function optionSymbolPrefix(root: string, expiry: IsoDate): string {
  const sample = 100;
  const symbol = formatTradingSymbol({ root, kind: 'CE', expiry, strike: sample });
  return symbol.slice(0, symbol.length - `${sample}CE`.length);
}

/** One expiry's strikes for the session, ascending, with their interval. */
export interface StrikeLadder {
  root: string;
  expiry: ContractExpiry;
  step: number;
  strikes: readonly number[];
}

/** The instrument master of one session. */
export interface InstrumentMaster {
  session: number;
  instruments: readonly SimInstrument[];
  ladders: ReadonlyMap<string, readonly StrikeLadder[]>;
  futures: ReadonlyMap<string, readonly ContractExpiry[]>;
}

/** Strikes of an expiry listed in session k: the price range since listing, widened by the root's strikes per side. */
export function strikeLadder(engine: PriceEngine, root: string, expiry: ContractExpiry, k: number): StrikeLadder {
  const underlying = derivativesUnderlying(root);
  const listedAt = engine.schedule.listedAt(root, expiry, 'CE');
  const model = engine.model;
  const listedSession = Math.max(0, engine.grid.sessionAt(listedAt, underlying.venue));
  const step = engine.strikeStepOf(root, listedAt);
  let low = model.open(underlying.id, k);
  let high = low;
  for (let j = listedSession; j < k; j++) {
    const close = model.close(underlying.id, j);
    if (close < low) low = close;
    if (close > high) high = close;
  }
  const profile = derivativesProfile(root);
  const strikes: number[] = [];
  const longDated = profile.longDatedStrikes;
  if (longDated && engine.schedule.isLongDated(root, expiry, engine.grid.open(k))) {
    // Beyond the serial months: a coarse ladder around the money; finer strikes come when it becomes a serial month.
    const centre = Math.round(model.open(underlying.id, k) / longDated.step);
    for (let n = Math.max(1, centre - longDated.perSide); n <= centre + longDated.perSide; n++) {
      strikes.push(n * longDated.step);
    }
    return { root, expiry, step, strikes };
  }
  const span = profile.strikeSpan;
  const first = span
    ? Math.max(1, Math.floor((low * (1 - span.below)) / step))
    : Math.max(1, Math.round(low / step) - profile.strikesPerSide);
  const last = span ? Math.ceil((high * (1 + span.above)) / step) : Math.round(high / step) + profile.strikesPerSide;
  for (let n = first; n <= last; n++) strikes.push(Number((n * step).toFixed(2)));
  return { root, expiry, step, strikes };
}

/** Builds the master of session k (the session the instant `at` shows). */
export function buildInstrumentMaster(engine: PriceEngine, at: number): InstrumentMaster {
  const k = Math.max(0, engine.grid.sessionAt(at));
  const instruments: SimInstrument[] = [];
  const ladders = new Map<string, StrikeLadder[]>();
  const futures = new Map<string, ContractExpiry[]>();
  for (const root of DERIVATIVES_ROOTS) instruments.push(spotInstrument(root));
  for (const index of INDICES) if (!index.derivatives) instruments.push(spotInstrument(index.tradingSymbol));
  for (const root of DERIVATIVES_ROOTS) {
    const months = engine.schedule.futureExpiries(root, at);
    futures.set(root, months);
    for (const expiry of months) {
      const token = contractInstrumentToken({ root, kind: 'FUT', expiry: expiry.date, strike: null });
      instruments.push(templateInstrument(expiryTemplate(root, expiry.date), 'FUT', null, token));
    }
  }
  // Contracts are listed straight from their templates: resolving every token would keep a reference record per
  // contract alive for nothing.
  for (const root of DERIVATIVES_ROOTS) {
    const rootLadders: StrikeLadder[] = [];
    for (const expiry of engine.schedule.optionExpiries(root, at)) {
      const ladder = strikeLadder(engine, root, expiry, k);
      rootLadders.push(ladder);
      const template = expiryTemplate(root, expiry.date);
      for (const strike of ladder.strikes) {
        for (const kind of ['CE', 'PE'] as const) {
          const token = contractInstrumentToken({ root, kind, expiry: expiry.date, strike });
          instruments.push(templateInstrument(template, kind, strike, token));
        }
      }
    }
    ladders.set(root, rootLadders);
  }
  return { session: k, instruments, ladders, futures };
}
