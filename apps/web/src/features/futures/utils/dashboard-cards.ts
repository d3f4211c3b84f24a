// The Futures Dashboard's twelve top-N cards (pages brief G1): the Market Movers chips, plus the most active
// contracts by OI value and by traded value, each with the figure its bars are drawn from.
import type { BuildUp } from '@fnodesk/domain';
import type { FutureRow } from './futures-rows';
import { applyPreset, presetOf, type Preset, type PresetId } from './presets';

/** One card: its rows' rule, the Market Movers chip it opens, and the figure of its bars. */
export interface DashboardCard {
  id: string;
  title: string;
  preset: Preset;
  /** The Market Movers chip a click on the card opens. */
  opens: PresetId;
  figure: 'pricePercent' | 'oiPercent' | 'rupees';
  value: (row: FutureRow) => number | null;
}

const pricePercent = (row: FutureRow) => row.ltpChangePercent;
const card = (id: PresetId, title: string, figure: 'pricePercent' | 'oiPercent'): DashboardCard => ({
  id,
  title,
  preset: presetOf(id),
  opens: id,
  figure,
  value: figure === 'pricePercent' ? pricePercent : (row) => row.oiChangePercent,
});

/** The twelve cards in the page's order. */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  card('price-gainers', 'Price Gainers', 'pricePercent'),
  card('price-losers', 'Price Losers', 'pricePercent'),
  card('oi-gainers', 'OI Gainers', 'oiPercent'),
  card('oi-losers', 'OI Losers', 'oiPercent'),
  card('LB', 'Long Build-up', 'pricePercent'),
  card('SB', 'Short Build-up', 'pricePercent'),
  card('LU', 'Long Unwinding', 'pricePercent'),
  card('SC', 'Short Covering', 'pricePercent'),
  card('O=H', 'Open = High', 'pricePercent'),
  card('O=L', 'Open = Low', 'pricePercent'),
  {
    id: 'active-oi',
    title: 'Active Contracts by OI',
    preset: {
      id: 'active',
      label: 'Active by OI',
      keep: (row) => row.oiValue !== null,
      sortBy: (row) => row.oiValue,
      descending: true,
    },
    opens: 'active',
    figure: 'rupees',
    value: (row) => row.oiValue,
  },
  {
    id: 'active-volume',
    title: 'Active Contracts by Volume',
    preset: presetOf('active'),
    opens: 'active',
    figure: 'rupees',
    value: (row) => row.turnover,
  },
];

/** The top `n` rows of a card. */
export function cardRows(rows: readonly FutureRow[], dashboardCard: DashboardCard, n: number): FutureRow[] {
  return applyPreset(rows, dashboardCard.preset, n);
}

/** A sector's count of each build-up (neutral left out). */
export interface SectorBuildUps {
  sector: string;
  counts: Readonly<Record<Exclude<BuildUp, 'N'>, number>>;
}

/** How many futures of each sector show each build-up, sectors in name order. */
export function sectorBuildUps(rows: readonly FutureRow[]): SectorBuildUps[] {
  const bySector = new Map<string, Record<Exclude<BuildUp, 'N'>, number>>();
  for (const row of rows) {
    const counts = bySector.get(row.sector) ?? { LB: 0, SB: 0, SC: 0, LU: 0 };
    if (row.buildUp !== 'N') counts[row.buildUp] += 1;
    bySector.set(row.sector, counts);
  }
  return [...bySector].map(([sector, counts]) => ({ sector, counts })).sort((a, b) => a.sector.localeCompare(b.sector));
}
