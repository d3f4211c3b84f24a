// Market Maker Analysis's figures: the strikes shown (a window around ATM of the chosen size) with their call, put
// and net GEX, and where the flip level falls among them.
import type { GammaExposureSchema } from '@fnodesk/contracts';
import { abbreviateIndianNumber, formatIndianNumber, nearestStrikeIndex } from '@fnodesk/domain';
import type { z } from 'zod';
import type { StrikeRow } from '../../../components/market/strike-rows';

/** The `gex` answer. */
export type GammaExposure = z.infer<typeof GammaExposureSchema>;

/** One strike's row. */
export interface GexRow extends StrikeRow {
  ceOi: number | null;
  peOi: number | null;
  callGex: number;
  putGex: number;
  netGex: number;
}

/** `count` strikes of the answer centred on ATM (fewer at the ends of the ladder), ascending. */
export function gexRows(gex: GammaExposure, count: number): GexRow[] {
  const strikes = gex.strikes.map((row) => row.strike);
  const centre = gex.atmStrike === null ? -1 : strikes.indexOf(gex.atmStrike);
  const middle = centre < 0 ? nearestStrikeIndex(strikes, gex.spot ?? 0) : centre;
  const below = Math.floor((count - 1) / 2);
  let first = Math.max(0, middle - below);
  const last = Math.min(strikes.length - 1, first + count - 1);
  first = Math.max(0, last - count + 1);
  return gex.strikes.slice(first, last + 1).map((row) => ({ ...row, atm: row.strike === gex.atmStrike }));
}

/** The strike of `strikes` nearest the flip level (where the chart marks it), or null without a flip. */
export function flipStrike(strikes: readonly number[], flip: number | null): number | null {
  if (flip === null || strikes.length === 0) return null;
  return strikes[nearestStrikeIndex(strikes, flip)] ?? null;
}

/** GEX in rupees for people: ₹ with K/L/Cr, signed. */
export function formatGex(value: number): string {
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  return `${sign}₹${size < 1000 ? formatIndianNumber(size, 0) : abbreviateIndianNumber(size)}`;
}
