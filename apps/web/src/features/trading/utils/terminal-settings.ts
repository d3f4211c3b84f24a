// The terminal's order defaults (pages.md /pages/setting; trading.md §5.1 Default Config and General Setting), kept in
// the document store as `trade-settings` per account and mode; the more specific override wins:
// account defaults ← underlying (`NIFTY`) ← underlying and expiry (`NIFTY:2026-12-01`).
import type { TradeDefaults, TradeSettings, TradingMode } from '@fnodesk/contracts';

/** Order sequence of a multi-leg click or a basket Execute. */
export type OrderSequence = TradeSettings['orderSequence'];

/** What one click of the terminal uses. */
export interface ResolvedTradeDefaults {
  product: TradeDefaults['product'];
  validity: TradeDefaults['validity'];
  orderType: TradeDefaults['orderType'];
  /** LIMIT orders are priced this far through the last price (market protection), in %. */
  marketProtectionPercent: number;
  lotsPerClick: number;
  /** Lots per slice; null slices at the freeze limit. */
  sliceLots: number | null;
  orderSequence: OrderSequence;
  stopLossPoints: number | null;
  targetPoints: number | null;
}

/** The vendor's defaults: MIS, DAY, MARKET, 1 lot a click, sliced at the freeze limit, buys first (for margin). */
export const TERMINAL_DEFAULTS: TradeSettings = {
  quantityLots: 1,
  orderType: 'MARKET',
  product: 'MIS',
  validity: 'DAY',
  orderSequence: 'buys-first',
  marketProtectionPercent: 2,
};

/** The document key of an account's settings in a mode (`<accountId>.paper`). */
export function tradeSettingsKey(accountId: string, mode: TradingMode): string {
  return `${accountId}.${mode}`;
}

/** The document key of the user's terminal-wide settings (the accepted risk disclosure). */
export const TERMINAL_SETTINGS_KEY = 'terminal';

/** The override key of an underlying, or of an underlying and expiry. */
export function overrideKey(underlying: string, expiry: string | null): string {
  return expiry === null ? underlying : `${underlying}:${expiry}`;
}

/** The defaults one click uses for an underlying and expiry. */
export function resolveTradeDefaults(
  settings: TradeSettings | null,
  underlying: string,
  expiry: string | null,
): ResolvedTradeDefaults {
  const base = settings ?? TERMINAL_DEFAULTS;
  const layers = [
    base,
    base.overrides?.[underlying],
    expiry === null ? undefined : base.overrides?.[overrideKey(underlying, expiry)],
  ];
  let merged: TradeDefaults & Partial<TradeSettings> = { ...base };
  for (const layer of layers) if (layer !== undefined) merged = { ...merged, ...layer };
  return {
    product: merged.product,
    validity: merged.validity,
    orderType: merged.orderType,
    marketProtectionPercent: merged.marketProtectionPercent ?? TERMINAL_DEFAULTS.marketProtectionPercent,
    lotsPerClick: merged.quantityLots,
    sliceLots: merged.sliceLots ?? null,
    orderSequence: merged.orderSequence ?? TERMINAL_DEFAULTS.orderSequence,
    stopLossPoints: merged.stopLossPoints ?? null,
    targetPoints: merged.targetPoints ?? null,
  };
}
