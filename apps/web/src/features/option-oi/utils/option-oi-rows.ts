// Option OI's figures per strike: OI of each leg and its change over the chosen window (15 min … 4 hour from the
// chain's look-back windows, since the open from the first minute's OI, since the previous close), and PCR.
import type { OptionChain } from '@fnodesk/contracts';
import { legOiChange, putCallRatio, type OiChangeWindow } from '@fnodesk/domain';

/** One strike's row. */
export interface OiRow {
  strike: number;
  atm: boolean;
  ceOi: number | null;
  peOi: number | null;
  ceOiChange: number | null;
  peOiChange: number | null;
  pcr: number | null;
}

type Leg = OptionChain['rows'][number]['ce'];

/** A leg's OI change over `window`; `openOi` holds each token's OI at the open, when loaded. */
export function windowOiChange(leg: Leg, window: OiChangeWindow, openOi: ReadonlyMap<number, number>): number | null {
  return legOiChange(
    {
      oi: leg.oi,
      changeSincePrevClose: leg.oiChange,
      openOi: openOi.get(leg.token) ?? null,
      byWindow: leg.oiChangeByWindow,
    },
    window,
  );
}

/** The rows of the strikes shown, ascending. */
export function optionOiRows(chain: OptionChain, window: OiChangeWindow, openOi: ReadonlyMap<number, number>): OiRow[] {
  return chain.rows.map((row) => {
    const pcr = row.ce.oi === null || row.pe.oi === null ? NaN : putCallRatio(row.pe.oi, row.ce.oi);
    return {
      strike: row.strike,
      atm: row.strike === chain.atmStrike,
      ceOi: row.ce.oi,
      peOi: row.pe.oi,
      ceOiChange: windowOiChange(row.ce, window, openOi),
      peOiChange: windowOiChange(row.pe, window, openOi),
      pcr: Number.isFinite(pcr) ? pcr : null,
    };
  });
}
