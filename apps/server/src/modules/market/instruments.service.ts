// Instruments behind `/data/v1`: lists, search, expiries, option ladders and index compositions with their moves.
import type {
  AtmInstrumentsListSchema,
  IndexSectorListSchema,
  Instrument,
  OptionChainInstrumentsSchema,
  OptionExpiriesSchema,
} from '@fnodesk/contracts';
import type { IsoDate } from '@fnodesk/domain';
import type { SearchFilter } from '@fnodesk/market-sim';
import { errors } from '../../platform/errors';
import { BoundedCache } from './bounded-cache';
import type { MarketData } from './market-data.port';
import { percentChangeOrNull, roundedOrNull } from './market-format';
import { expiryOf, notListed, requireOptionExpiry, type Data, type MarketView } from './market-view';
import { chainMinute, tradingInstant } from './option-chain-analytics';

/** The instruments service: one per process, over the market-data port. */
export class InstrumentsService {
  private readonly sectorAnswers = new BoundedCache<number, Data<typeof IndexSectorListSchema>>(32);
  private readonly searches = new BoundedCache<string, Instrument[]>(1_024);
  private readonly expiries = new BoundedCache<string, Data<typeof OptionExpiriesSchema>>(1_024);

  constructor(private readonly data: MarketData) {}

  /** The futures listed at the view's instant: the near month of each root, or every month. */
  futureInstruments(view: MarketView, months: 'near' | 'all'): Instrument[] {
    return this.data.instruments.futures(view.asOf, months);
  }

  /** The instruments of the pre-open session (F&O stocks and derivative indices). */
  preMarketInstruments(): Instrument[] {
    return this.data.instruments.preOpenInstruments();
  }

  /** Underlyings matching a text (any case; empty matches all), restricted by a list filter, in picker order. */
  search(query: string, filter: SearchFilter): Instrument[] {
    const text = query.trim().toUpperCase();
    return this.searches.getOrCompute(`${filter}|${text}`, () => this.data.instruments.search(text, filter));
  }

  /** Option expiries (nearest first) and futures months of an underlying listed at the view's instant. */
  optionExpiries(view: MarketView, root: string): Data<typeof OptionExpiriesSchema> {
    // Expiries change only at an F&O close, so a minute's answer holds for the whole minute.
    const at = chainMinute(view.asOf);
    return this.expiries.getOrCompute(`${root}|${at}`, () => ({
      name: root,
      expiries: this.data.instruments.optionExpiries(root, at).map(expiryOf),
      futureExpiries: this.data.instruments.futureExpiries(root, at).map(expiryOf),
    }));
  }

  /** The spot, futures and options of an underlying (or an index's own instrument), optionally of one exchange. */
  instrumentsByName(view: MarketView, name: string, exchange?: 'NSE' | 'BSE' | 'NFO' | 'BFO'): Instrument[] {
    return this.data.instruments.instrumentsByName(name, view.asOf, exchange);
  }

  /** Instruments by token, in the order asked; unknown tokens are left out. */
  instrumentsByTokens(tokens: readonly number[]): Instrument[] {
    const result: Instrument[] = [];
    for (const token of tokens) {
      const instrument = this.data.instruments.instrument(token);
      if (instrument) result.push(instrument);
    }
    return result;
  }

  /** The option of an underlying, kind, expiry and strike. */
  optionInstrument(root: string, kind: 'CE' | 'PE', expiry: IsoDate, strike: number): Instrument {
    requireOptionExpiry(root, expiry, 'expiry');
    const instrument = this.data.instruments.optionInstrument(root, kind, expiry, strike);
    if (!instrument) throw errors.validation('strike', `${root} has no ${strike} strike on its ${expiry} expiry.`);
    return instrument;
  }

  /** Every listed strike of an expiry with its CE and PE, at the view's instant. */
  optionChainInstruments(view: MarketView, root: string, expiry: IsoDate): Data<typeof OptionChainInstrumentsSchema> {
    requireOptionExpiry(root, expiry, 'expiry');
    const chain = this.data.instruments.optionChainInstruments(root, expiry, view.asOf);
    if (!chain) throw notListed(root, expiry);
    return chain;
  }

  /** The ATM CE and PE of every derivative index's nearest expiry. */
  atmInstruments(view: MarketView): Data<typeof AtmInstrumentsListSchema> {
    return this.data.instruments.atmInstruments(view.asOf);
  }

  /** Every index with its constituents, weights and moves at the view's instant (computed once a minute). */
  indexSectors(view: MarketView): Data<typeof IndexSectorListSchema> {
    const at = chainMinute(tradingInstant(view.asOf));
    return this.sectorAnswers.getOrCompute(at, () => {
      const moves = new Map<number, { lp: number; change: number | null }>();
      const moveOf = (token: number) => {
        let move = moves.get(token);
        if (!move) {
          const tick = this.data.quotes.quote(token, at);
          move = tick
            ? { lp: tick.lp, change: percentChangeOrNull(tick.lp, tick.c ?? NaN) }
            : { lp: NaN, change: null };
          moves.set(token, move);
        }
        return move;
      };
      return this.data.instruments.indexCompositions().map((index) => {
        const own = moveOf(index.token);
        const constituents = index.constituents.map((member) => ({
          symbol: member.symbol,
          token: member.token,
          sector: member.sector,
          weight: member.weight,
          changePercent: moveOf(member.token).change,
        }));
        return {
          index: index.index,
          token: index.token,
          close: roundedOrNull(own.lp, 2),
          changePercent: own.change,
          advances: constituents.filter((member) => (member.changePercent ?? 0) > 0).length,
          declines: constituents.filter((member) => (member.changePercent ?? 0) < 0).length,
          constituents,
        };
      });
    });
  }
}
