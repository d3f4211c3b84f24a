// Option Action's figures per strike: each leg's price, volume, OI and OI change since the previous close, and its
// build-up over the day (price change against OI change, pages brief §0).
import type { OptionChain } from '@fnodesk/contracts';
import { classifyBuildUp, type BuildUp } from '@fnodesk/domain';

/** One leg of a strike as Option Action shows it. */
export interface ActionLeg {
  ltp: number | null;
  volume: number | null;
  oi: number | null;
  oiChange: number | null;
  buildUp: BuildUp;
}

/** One strike's row. */
export interface ActionRow {
  strike: number;
  atm: boolean;
  ce: ActionLeg;
  pe: ActionLeg;
}

/** Option legs move in ₹0.05 ticks on NSE and BSE. */
export const OPTION_TICK_SIZE = 0.05;

function actionLeg(leg: OptionChain['rows'][number]['ce']): ActionLeg {
  const previousOi = leg.oi === null || leg.oiChange === null ? null : leg.oi - leg.oiChange;
  return {
    ltp: leg.ltp,
    volume: leg.volume,
    oi: leg.oi,
    oiChange: leg.oiChange,
    buildUp: classifyBuildUp({
      priceChange: leg.ltpChange,
      oiChange: leg.oiChange,
      previousOi,
      tickSize: OPTION_TICK_SIZE,
    }),
  };
}

/** The rows of the strikes shown, ascending. */
export function optionActionRows(chain: OptionChain): ActionRow[] {
  return chain.rows.map((row) => ({
    strike: row.strike,
    atm: row.strike === chain.atmStrike,
    ce: actionLeg(row.ce),
    pe: actionLeg(row.pe),
  }));
}
