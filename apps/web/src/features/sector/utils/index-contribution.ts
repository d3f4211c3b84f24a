import type { DataResponse, FeedTick } from '@fnodesk/contracts';

/** One index of `get_index_sector` with its constituents. */
export type IndexComposition = DataResponse<'get_index_sector'>[number];
/** A constituent of an index. */
export type Constituent = IndexComposition['constituents'][number];

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The percentage move of a price against a previous close, or null when either is unknown. */
function percentMove(price: number | undefined, previousClose: number | undefined): number | null {
  if (price === undefined || previousClose === undefined || !Number.isFinite(previousClose) || previousClose === 0) {
    return null;
  }
  return ((price - previousClose) / previousClose) * 100;
}

/**
 * The index with live prices where the feed has them: the index's value and each constituent's move against the
 * previous close (quote ticks carry both `lp` and `c`); advances and declines recounted.
 */
export function withLiveMoves(index: IndexComposition, ticks: ReadonlyMap<number, FeedTick>): IndexComposition {
  if (ticks.size === 0) return index;
  const own = ticks.get(index.token);
  const constituents = index.constituents.map((member) => {
    const tick = ticks.get(member.token);
    const move = tick === undefined ? null : percentMove(tick.lp, tick.c);
    return move === null ? member : { ...member, changePercent: round2(move) };
  });
  const indexMove = own === undefined ? null : percentMove(own.lp, own.c);
  return {
    ...index,
    close: own === undefined ? index.close : own.lp,
    changePercent: indexMove === null ? index.changePercent : round2(indexMove),
    advances: constituents.filter((member) => (member.changePercent ?? 0) > 0).length,
    declines: constituents.filter((member) => (member.changePercent ?? 0) < 0).length,
    constituents,
  };
}

/** An index's value, its previous close and its change in points and per cent (null while unknown). */
export interface IndexMove {
  close: number | null;
  previousClose: number | null;
  change: number | null;
  changePercent: number | null;
}

/** The index's move: previous close = close ÷ (1 + change % / 100). */
export function indexMove(index: IndexComposition): IndexMove {
  const { close, changePercent } = index;
  if (close === null || changePercent === null) return { close, previousClose: null, change: null, changePercent };
  const previousClose = close / (1 + changePercent / 100);
  return { close, previousClose, change: round2(close - previousClose), changePercent };
}

/** A constituent's row of the contribution table. */
export interface ContributionRow {
  symbol: string;
  token: number;
  sector: string;
  weight: number;
  changePercent: number | null;
  /** Index points the stock added: w/100 × r/100 × the index's previous close. */
  points: number | null;
  /** Points of this row and every heavier one. */
  runningPoints: number;
}

/** The heaviest constituents' contributions and how much of the index's move they explain. */
export interface Contribution {
  rows: ContributionRow[];
  /** Points of the constituents shown. */
  shownPoints: number;
  /** Points of every other constituent ("index ex-top-N"). */
  otherPoints: number;
  /** Σ over every constituent, which approximates the index's change. */
  totalPoints: number;
  move: IndexMove;
}

/**
 * Points contributed by the `count` heaviest constituents (pages brief G2): points_i ≈ w_i/100 × r_i/100 ×
 * I_prevClose, so that Σ over all constituents ≈ the index's change; with a running sum, the rest and the total.
 */
export function indexContribution(index: IndexComposition, count: number): Contribution {
  const move = indexMove(index);
  const pointsOf = (member: Constituent) =>
    move.previousClose === null || member.changePercent === null
      ? null
      : (member.weight / 100) * (member.changePercent / 100) * move.previousClose;
  const byWeight = [...index.constituents].sort((a, b) => b.weight - a.weight || a.symbol.localeCompare(b.symbol));
  let running = 0;
  const rows = byWeight.slice(0, count).map((member) => {
    const points = pointsOf(member);
    running += points ?? 0;
    return {
      symbol: member.symbol,
      token: member.token,
      sector: member.sector,
      weight: member.weight,
      changePercent: member.changePercent,
      points: points === null ? null : round2(points),
      runningPoints: round2(running),
    };
  });
  const otherPoints = byWeight.slice(count).reduce((sum, member) => sum + (pointsOf(member) ?? 0), 0);
  return {
    rows,
    shownPoints: round2(running),
    otherPoints: round2(otherPoints),
    totalPoints: round2(running + otherPoints),
    move,
  };
}

/** The plain average of the constituents' moves (those with one), per cent. */
export function averageMove(index: IndexComposition): number | null {
  const moves = index.constituents
    .map((member) => member.changePercent)
    .filter((move): move is number => move !== null);
  return moves.length === 0 ? null : round2(moves.reduce((sum, move) => sum + move, 0) / moves.length);
}
