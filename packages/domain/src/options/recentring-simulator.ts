// Re-centring simulator for short straddles and strangles over past sessions: sell the ATM straddle (or the strangle
// `width` strikes either side of ATM) at the session's first priced minute, and re-centre — buy both legs back and
// sell the pair around the new ATM — whenever the underlying has moved `movePoints` from where the pair was centred
// or the dearer leg's premium reaches `premiumRatio` times the cheaper one's; square off at the session's last
// minute. P&L is per leg (entry − exit) × quantity, charges those of every order under the day's rates, drawdown the
// deepest fall of the marked-to-market P&L from its running peak.
import type { IsoDate } from '../market/ist-time';
import { tradeCharges, type ChargeableFill } from '../trading/charges';
import { nearestStrikeIndex } from './atm-strike';

/** One session's 1-minute closes: the underlying's and every listed strike's CE and PE (NaN where none traded). */
export interface RecentringSession {
  date: IsoDate;
  /** Minute starts, ascending. */
  times: readonly number[];
  underlying: readonly number[];
  /** Ascending strikes; `ce[i]` and `pe[i]` are strike i's closes, one per minute. */
  strikes: readonly number[];
  ce: readonly (readonly number[])[];
  pe: readonly (readonly number[])[];
}

/** What is sold and when it is re-centred. */
export interface RecentringRules {
  /** Derivatives root and exchange, for the charges. */
  root: string;
  exchange: 'NFO' | 'BFO';
  /** Strikes either side of ATM: 0 sells the straddle. */
  width: number;
  /** Re-centre when the underlying moves this many points from the centre; null never. */
  movePoints: number | null;
  /** Re-centre when the dearer leg reaches this multiple of the cheaper (> 1); null never. */
  premiumRatio: number | null;
  /** Units per leg (lots × lot size). */
  quantity: number;
}

/** One session's outcome. */
export interface RecentringSessionResult {
  date: IsoDate;
  /** P&L before charges, rupees. */
  grossPnl: number;
  charges: number;
  netPnl: number;
  /** Deepest fall of the marked-to-market P&L from its peak (≥ 0), rupees. */
  maxDrawdown: number;
  adjustments: number;
  orders: number;
  /** Null when no minute had both legs priced (nothing was sold). */
  firstStrikes: { ce: number; pe: number } | null;
}

interface OpenPair {
  ce: number;
  pe: number;
  ceEntry: number;
  peEntry: number;
  centre: number;
}

/** The pair around the ATM of `spot` at minute `m`, or null when its strikes fall off the ladder or lack a price. */
function pairAt(session: RecentringSession, width: number, m: number): OpenPair | null {
  const spot = session.underlying[m];
  if (spot === undefined || !Number.isFinite(spot)) return null;
  const atm = nearestStrikeIndex(session.strikes, spot);
  if (atm < 0) return null;
  const ce = atm + width;
  const pe = atm - width;
  const ceEntry = session.ce[ce]?.[m];
  const peEntry = session.pe[pe]?.[m];
  if (ceEntry === undefined || peEntry === undefined || !Number.isFinite(ceEntry) || !Number.isFinite(peEntry)) {
    return null;
  }
  return { ce, pe, ceEntry, peEntry, centre: spot };
}

/** Simulates one session under the rules. */
export function simulateRecentring(session: RecentringSession, rules: RecentringRules): RecentringSessionResult {
  const { quantity } = rules;
  const fills: ChargeableFill[] = [];
  const fill = (side: 'BUY' | 'SELL', kind: 'CE' | 'PE', price: number) =>
    fills.push({
      contract: { root: rules.root, kind },
      exchange: rules.exchange,
      side,
      quantity,
      price,
      date: session.date,
    });
  const minutes = session.times.length;
  let open: OpenPair | null = null;
  let first: RecentringSessionResult['firstStrikes'] = null;
  let m = 0;
  for (; m < minutes && open === null; m++) open = pairAt(session, rules.width, m);
  if (open === null) {
    return {
      date: session.date,
      grossPnl: 0,
      charges: 0,
      netPnl: 0,
      maxDrawdown: 0,
      adjustments: 0,
      orders: 0,
      firstStrikes: null,
    };
  }
  first = { ce: session.strikes[open.ce]!, pe: session.strikes[open.pe]! };
  fill('SELL', 'CE', open.ceEntry);
  fill('SELL', 'PE', open.peEntry);
  let realised = 0;
  let ceLast = open.ceEntry;
  let peLast = open.peEntry;
  let peak = 0;
  let maxDrawdown = 0;
  let adjustments = 0;
  for (; m < minutes; m++) {
    const ce = session.ce[open.ce]![m]!;
    const pe = session.pe[open.pe]![m]!;
    // A minute a leg did not trade keeps its last price.
    if (Number.isFinite(ce)) ceLast = ce;
    if (Number.isFinite(pe)) peLast = pe;
    const mtm = realised + quantity * (open.ceEntry - ceLast + open.peEntry - peLast);
    peak = Math.max(peak, mtm);
    maxDrawdown = Math.max(maxDrawdown, peak - mtm);
    if (m === minutes - 1) break;
    const spot = session.underlying[m]!;
    const moved = rules.movePoints !== null && Math.abs(spot - open.centre) >= rules.movePoints;
    const skewed =
      rules.premiumRatio !== null && Math.max(ceLast, peLast) >= rules.premiumRatio * Math.min(ceLast, peLast);
    if (!moved && !skewed) continue;
    const next = pairAt(session, rules.width, m);
    // Re-centring onto the same strikes would only pay charges.
    if (next === null || (next.ce === open.ce && next.pe === open.pe)) continue;
    realised += quantity * (open.ceEntry - ceLast + open.peEntry - peLast);
    fill('BUY', 'CE', ceLast);
    fill('BUY', 'PE', peLast);
    fill('SELL', 'CE', next.ceEntry);
    fill('SELL', 'PE', next.peEntry);
    adjustments += 1;
    open = next;
    ceLast = next.ceEntry;
    peLast = next.peEntry;
  }
  realised += quantity * (open.ceEntry - ceLast + open.peEntry - peLast);
  fill('BUY', 'CE', ceLast);
  fill('BUY', 'PE', peLast);
  const grossPnl = Math.round(realised * 100) / 100;
  const charges = tradeCharges(fills).total;
  return {
    date: session.date,
    grossPnl,
    charges,
    netPnl: Math.round((grossPnl - charges) * 100) / 100,
    maxDrawdown: Math.round(maxDrawdown * 100) / 100,
    adjustments,
    orders: fills.length,
    firstStrikes: first,
  };
}
