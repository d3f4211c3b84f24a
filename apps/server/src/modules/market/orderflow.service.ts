// Order flow behind `/data/v1/footprint`: an instrument's aggressor-tagged trades aggregated into a footprint on the
// server, so a page draws a whole session from one answer instead of paging through an hour of raw ticks at a time.
import type { FootprintSchema } from '@fnodesk/contracts';
import { defaultFootprintRowTicks, footprintOf, type Resolution } from '@fnodesk/domain';
import { errors } from '../../platform/errors';
import type { MarketData } from './market-data.port';
import type { Data, MarketView } from './market-view';

/** What a footprint is asked for. */
export interface FootprintRequest {
  token: number;
  resolution: Resolution;
  from: number;
  to: number;
  /** Row height in ticks; absent: the instrument's default. */
  rowTicks?: number | undefined;
  /** Diagonal imbalance threshold in per cent (default 300). */
  imbalancePercent?: number | undefined;
}

/** The default diagonal imbalance threshold, per cent. */
export const DEFAULT_IMBALANCE_PERCENT = 300;

/** The order-flow service: one per process, over the market-data port. */
export class OrderflowService {
  constructor(private readonly data: MarketData) {}

  /** The footprint of an instrument between two instants, cut at the view's instant. */
  footprint(view: MarketView, request: FootprintRequest): Data<typeof FootprintSchema> {
    const { token, resolution, from } = request;
    const instrument = this.data.instruments.instrument(token);
    if (!instrument) throw errors.validation('token', 'No instrument has this token.');
    if (instrument.segment === 'INDICES') {
      throw errors.validation('token', 'An index is not traded: choose its future for the order flow.');
    }
    const end = Math.min(request.to, view.asOf);
    const trades = end >= from ? this.data.quotes.trades(token, from, end) : [];
    const tickSize = instrument.tickSize;
    const rowTicks = request.rowTicks ?? defaultFootprintRowTicks(tickSize, trades[0]?.price ?? 0);
    const rowSize = Math.round(rowTicks * tickSize * 1e6) / 1e6;
    const imbalancePercent = request.imbalancePercent ?? DEFAULT_IMBALANCE_PERCENT;
    const { candles, profile } = footprintOf(trades, {
      resolution,
      exchange: instrument.exchange,
      rowSize,
      imbalanceRatio: imbalancePercent / 100,
    });
    return { token, tickSize, rowTicks, rowSize, imbalancePercent, candles, profile };
  }
}
