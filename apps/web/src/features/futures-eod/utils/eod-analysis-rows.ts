// Futures EOD Analysis (pages brief G3): one row per F&O underlying for a chosen session, joining the near-month
// future's end-of-day row (`get_fao_eod`), the underlying's cash row with its delivery (`get_cash_market_eod`) and
// the session's rollover (`rollover`), with the sessions before it for the history cells and the chips' averages.
import {
  averageOfKnown,
  BUILD_UP_STYLES,
  FNO_STOCKS,
  FUTURES_EOD_RULES,
  isHighDelivery,
  isHighRollover,
  isVolumeSpike,
  type BuildUp,
  type IsoDate,
} from '@fnodesk/domain';
import type { DataResponse } from '@fnodesk/contracts';

type FaoEod = DataResponse<'get_fao_eod'>;
type CashEod = DataResponse<'get_cash_market_eod'>;
type Rollover = DataResponse<'rollover'>;
type FaoRow = FaoEod[number]['rows'][number];
type CashRow = CashEod[number]['rows'][number];

/** Sessions the price history cell draws. */
export const PRICE_HISTORY_SESSIONS = 10;

/** One underlying's row on a session. */
export interface EodAnalysisRow {
  date: IsoDate;
  symbol: string;
  sector: string;
  isIndex: boolean;
  /** Spot closes through the session, oldest first. */
  priceHistory: number[];
  /** Spot volume and delivery % of the last five sessions through this one, oldest first. */
  volumeHistory: (number | null)[];
  deliveryHistory: (number | null)[];
  spotLtp: number | null;
  spotChangePercent: number | null;
  futLtp: number | null;
  futChangePercent: number | null;
  spotVolume: number | null;
  spotVolumeChangePercent: number | null;
  /** Average spot volume of the five sessions before. */
  averageVolume: number | null;
  deliveryPercent: number | null;
  oi: number | null;
  oiChangePercent: number | null;
  buildUp: BuildUp;
  rolloverPercent: number | null;
  nearExpiry: IsoDate | null;
  volumeSpike: boolean;
  highDelivery: boolean;
  highRollover: boolean;
}

const BUILD_UP_BY_LABEL: Readonly<Record<FaoRow['buildUp'], BuildUp>> = {
  'Long Build-up': 'LB',
  'Short Build-up': 'SB',
  'Short Covering': 'SC',
  'Long Unwinding': 'LU',
  Neutral: 'N',
};

/** The short build-up code of a server label. */
export function buildUpCode(label: FaoRow['buildUp']): BuildUp {
  return BUILD_UP_BY_LABEL[label];
}

const SECTORS: ReadonlyMap<string, string> = new Map(FNO_STOCKS.map((stock) => [stock.symbol, stock.sector]));

/** The sessions the answers cover, oldest first (from the rows of every underlying). */
export function eodSessions(fao: FaoEod): IsoDate[] {
  const dates = new Set<IsoDate>();
  for (const set of fao) for (const row of set.rows) dates.add(row.date);
  return [...dates].sort();
}

const percentChange = (now: number | null, before: number | null) =>
  now === null || before === null || before === 0 ? null : (100 * (now - before)) / before;

/** The rows of every underlying on `date` (those that traded that day). */
export function eodAnalysisRows(fao: FaoEod, cash: CashEod, rollover: Rollover | undefined, date: IsoDate) {
  const cashByName = new Map(cash.map((set) => [set.name, set.rows]));
  const rolloverByRoot = new Map((rollover?.date === date ? rollover.rows : []).map((row) => [row.root, row]));
  const rows: EodAnalysisRow[] = [];
  for (const future of fao) {
    const futureAt = future.rows.findIndex((row) => row.date === date);
    if (futureAt < 0) continue;
    const futureRow = future.rows[futureAt]!;
    const spotRows = cashByName.get(future.name) ?? [];
    const spotAt = spotRows.findIndex((row) => row.date === date);
    const spot: CashRow | undefined = spotRows[spotAt];
    const through = spotAt < 0 ? [] : spotRows.slice(0, spotAt + 1);
    const before = through.slice(0, -1);
    const sector = SECTORS.get(future.name);
    const isIndex = sector === undefined;
    // Indices trade no shares: their spot volume and delivery are unknown, not zero.
    const volumeOf = (row: CashRow) => (isIndex ? null : row.v);
    const volumesBefore = before.map(volumeOf).slice(-FUTURES_EOD_RULES.averageSessions);
    const deliveriesBefore = before.map((row) => row.deliveryPercent).slice(-FUTURES_EOD_RULES.averageSessions);
    const spotVolume = spot === undefined ? null : volumeOf(spot);
    const previousVolume = before.length === 0 ? null : volumeOf(before.at(-1)!);
    const deliveryPercent = spot?.deliveryPercent ?? null;
    const roll = rolloverByRoot.get(future.name);
    const rolloverPercent = roll?.rolloverPercent ?? null;
    const nearExpiry = roll?.nearExpiry ?? future.expiry;
    rows.push({
      date,
      symbol: future.name,
      sector: sector ?? 'Index',
      isIndex,
      priceHistory: through.slice(-PRICE_HISTORY_SESSIONS).map((row) => row.c),
      volumeHistory: through.slice(-FUTURES_EOD_RULES.averageSessions).map(volumeOf),
      deliveryHistory: through.slice(-FUTURES_EOD_RULES.averageSessions).map((row) => row.deliveryPercent),
      spotLtp: spot?.c ?? null,
      spotChangePercent: spot?.changePercent ?? null,
      futLtp: futureRow.c,
      futChangePercent: futureRow.changePercent,
      spotVolume,
      spotVolumeChangePercent: percentChange(spotVolume, previousVolume),
      averageVolume: averageOfKnown(volumesBefore),
      deliveryPercent,
      oi: futureRow.oi,
      oiChangePercent: futureRow.oiChangePercent,
      buildUp: buildUpCode(futureRow.buildUp),
      rolloverPercent,
      nearExpiry,
      volumeSpike: isVolumeSpike(spotVolume, volumesBefore),
      highDelivery: isHighDelivery(deliveryPercent, deliveriesBefore),
      highRollover: isHighRollover(rolloverPercent, date, nearExpiry),
    });
  }
  return rows;
}

/** A chip's id. */
export type EodChipId = 'price-gainers' | 'price-losers' | 'volume-spike' | 'high-rollover' | 'high-delivery';

/** A chip: the rows it keeps and the order it lists them in. */
export interface EodChip {
  id: EodChipId;
  label: string;
  /** How the page explains the rule. */
  rule: string;
  keep: (row: EodAnalysisRow) => boolean;
  sortBy: (row: EodAnalysisRow) => number | null;
  descending: boolean;
}

const ratio = (value: number | null, base: number | null) =>
  value === null || base === null || base === 0 ? null : value / base;

/** The chips, in the order the page shows them. */
export const EOD_CHIPS: readonly EodChip[] = [
  {
    id: 'price-gainers',
    label: 'Price Gainers',
    rule: 'Spot up on the session, biggest gain first.',
    keep: (row) => (row.spotChangePercent ?? 0) > 0,
    sortBy: (row) => row.spotChangePercent,
    descending: true,
  },
  {
    id: 'price-losers',
    label: 'Price Losers',
    rule: 'Spot down on the session, biggest fall first.',
    keep: (row) => (row.spotChangePercent ?? 0) < 0,
    sortBy: (row) => row.spotChangePercent,
    descending: false,
  },
  {
    id: 'volume-spike',
    label: 'Volume Spike',
    rule: `Volume at least ${FUTURES_EOD_RULES.volumeSpikeMultiple} × the ${FUTURES_EOD_RULES.averageSessions}-session average.`,
    keep: (row) => row.volumeSpike,
    sortBy: (row) => ratio(row.spotVolume, row.averageVolume),
    descending: true,
  },
  {
    id: 'high-rollover',
    label: 'High Rollover',
    rule: `Rollover at least ${FUTURES_EOD_RULES.highRolloverPercent}% in the expiry week.`,
    keep: (row) => row.highRollover,
    sortBy: (row) => row.rolloverPercent,
    descending: true,
  },
  {
    id: 'high-delivery',
    label: 'High Delivery',
    rule: `Delivery % at least ${FUTURES_EOD_RULES.highDeliveryMultiple} × its ${FUTURES_EOD_RULES.averageSessions}-session average.`,
    keep: (row) => row.highDelivery,
    sortBy: (row) => row.deliveryPercent,
    descending: true,
  },
];

/** The rows a chip keeps, in its order (unknown values last, then by symbol). */
export function applyEodChip(rows: readonly EodAnalysisRow[], chip: EodChip): EodAnalysisRow[] {
  const direction = chip.descending ? -1 : 1;
  return rows.filter(chip.keep).sort((a, b) => {
    const x = chip.sortBy(a);
    const y = chip.sortBy(b);
    if (x === null || y === null) return x === y ? a.symbol.localeCompare(b.symbol) : x === null ? 1 : -1;
    return (x - y) * direction || a.symbol.localeCompare(b.symbol);
  });
}

/** The build-up's long name (for the cell's title and the CSV). */
export function buildUpName(code: BuildUp): string {
  return BUILD_UP_STYLES[code].label;
}
