import type { ChartTheme } from '@fnodesk/charts';
import {
  abbreviateIndianNumber,
  addCalendarDays,
  addCalendarMonths,
  BUILD_UP_STYLES,
  derivativesRoots,
  formatIndianNumber,
  istDateOf,
  spotInstrumentToken,
  systemClock,
  tradingDaysBetween,
  type BuildUp,
  type Clock,
  type IsoDate,
} from '@fnodesk/domain';
import { useMemo } from 'react';
import { Button, ButtonGroup, Form } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { categorySeriesOption } from '../../../components/charts/series-options';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { numberColumn, textColumn } from '../../../components/data-table/number-columns';
import { DatasetHeader, DatasetStatus } from '../../../components/market/dataset-status';
import { formatSessionDate, formatSessionDay } from '../../../lib/market/session-date';
import { useDataQuery } from '../../../lib/use-data-query';
import { useStoredChoices } from '../../../lib/use-stored-choices';
import { buildUpName } from '../utils/eod-analysis-rows';
import { eodHistoryRows, futureTokensOf, type EodHistoryRow } from '../utils/eod-history-rows';
import { EOD_STALE_MS, eodRangeParams } from '../utils/eod-range';

const RANGES = [
  { id: '1M', label: '1M', days: 31 },
  { id: '3M', label: '3M', days: 92 },
] as const;
const RESOLUTIONS = ['1D', '1W', '1M'] as const;

const ChoicesSchema = z.object({
  range: z.enum(['1M', '3M']).catch('1M'),
  resolution: z.enum(RESOLUTIONS).catch('1D'),
});

const ROOTS = derivativesRoots();
const BUILD_UPS: readonly BuildUp[] = ['LB', 'SB', 'SC', 'LU', 'N'];

type PercentField = 'spotChangePercent' | 'oiChangePercent' | 'deliveryPercent' | 'rolloverPercent' | 'rollCostPercent';

const percent = (id: PercentField, header: string, label: string, signed = true) =>
  numberColumn<EodHistoryRow>({
    id,
    header,
    label,
    value: (row) => row[id],
    signed,
    suffix: '%',
  });

const COLUMNS: DataTableColumn<EodHistoryRow>[] = [
  textColumn({ id: 'date', header: 'Date', value: (row) => formatSessionDate(row.date), rowHeader: true }),
  numberColumn({ id: 'spot', header: 'Spot', value: (row) => row.spot }),
  percent('spotChangePercent', '%', 'Spot change %'),
  numberColumn({ id: 'fut', header: 'Fut', label: 'Near-month future', value: (row) => row.fut }),
  numberColumn({
    id: 'basis',
    header: 'Basis',
    label: 'Basis (future − spot)',
    value: (row) => row.basis,
    signed: true,
  }),
  numberColumn({ id: 'oi', header: 'OI', label: 'Near-month OI', value: (row) => row.oi, digits: 0 }),
  numberColumn({
    id: 'oiChange',
    header: 'ΔOI',
    label: 'OI change',
    value: (row) => row.oiChange,
    digits: 0,
    signed: true,
  }),
  percent('oiChangePercent', 'ΔOI %', 'OI change %'),
  numberColumn({ id: 'volume', header: 'Volume', label: 'Near-month volume', value: (row) => row.volume, digits: 0 }),
  percent('deliveryPercent', 'Delivery %', 'Delivery % (spot)', false),
  {
    id: 'buildUp',
    header: 'Build-up',
    label: 'Build-up',
    filter: 'text',
    value: (row) => (row.buildUp === null ? null : buildUpName(row.buildUp)),
    cell: (row) => {
      if (row.buildUp === null) return '–';
      const style = BUILD_UP_STYLES[row.buildUp];
      return (
        <span className={`badge text-bg-${style.tone}`} title={style.label}>
          {style.short}
        </span>
      );
    },
  },
  percent('rolloverPercent', 'Rollover %', 'Rollover %', false),
  percent('rollCostPercent', 'Roll cost %', 'Roll cost %'),
];

/** Props of {@link FuturesEodScreen}. */
export interface FuturesEodScreenProps {
  theme: ChartTheme;
  clock?: Clock;
}

/**
 * /pages/futures-eod: one underlying's end-of-day history by day, week or month: spot, near-month future and
 * basis, OI and its change, volume, delivery, build-up, rollover and roll cost; the price over OI bars coloured by
 * build-up, and the OI of the near, next and far months stacked.
 */
export function FuturesEodScreen({ theme, clock = systemClock }: FuturesEodScreenProps) {
  const [choices, choose] = useStoredChoices('futures-eod', ChoicesSchema);
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('symbol');
  const root = asked !== null && ROOTS.includes(asked) ? asked : 'NIFTY';
  const today = istDateOf(clock.now());
  const days = RANGES.find((range) => range.id === choices.range)!.days;
  const range = useMemo(() => eodRangeParams(today, days), [today, days]);
  const tokens = useMemo(
    () => futureTokensOf(root, tradingDaysBetween(addCalendarDays(today, -days), today, 'NSE')),
    [root, today, days],
  );
  const common = { ...range, type: choices.resolution };
  const fao = useDataQuery('get_fao_eod', { ...common, tokens }, { staleTime: EOD_STALE_MS });
  const cash = useDataQuery(
    'get_cash_market_eod',
    { ...common, tokens: [spotInstrumentToken(root)] },
    { staleTime: EOD_STALE_MS },
  );

  const rows = useMemo(() => {
    if (fao.data === undefined || cash.data === undefined) return [];
    const resolution = choices.resolution;
    // A week's or month's row uses the months of its last session (not after today).
    const referenceOf = (date: IsoDate): IsoDate => {
      if (resolution === '1D') return date;
      const end = resolution === '1W' ? addCalendarDays(date, 6) : addCalendarDays(addCalendarMonths(date, 1), -1);
      return end < today ? end : today;
    };
    return eodHistoryRows(root, fao.data.data, cash.data.data, referenceOf);
  }, [fao.data, cash.data, root, choices.resolution, today]);
  const oldestFirst = useMemo(() => [...rows].reverse(), [rows]);
  const categories = oldestFirst.map((row) => formatSessionDay(row.date));
  const formatValue = (value: number) => abbreviateIndianNumber(value);

  // The React Compiler memoises these with their inputs.
  const priceChart = categorySeriesOption({
    categories,
    series: [
      ...BUILD_UPS.map((code) => ({
        name: `OI ${BUILD_UP_STYLES[code].label}`,
        kind: 'bar' as const,
        values: oldestFirst.map((row) => (row.buildUp === code ? row.oi : null)),
        colour: BUILD_UP_STYLES[code].colour,
        stack: 'oi',
      })),
      {
        name: 'Future',
        kind: 'line' as const,
        values: oldestFirst.map((row) => row.fut),
        colour: '#6f42c1',
        rightAxis: true,
      },
      {
        name: 'Spot',
        kind: 'line' as const,
        values: oldestFirst.map((row) => row.spot),
        colour: '#fd7e14',
        rightAxis: true,
      },
    ],
    theme,
    formatValue,
  });
  const monthsChart = categorySeriesOption({
    categories,
    series: [
      {
        name: 'Near month',
        kind: 'bar',
        values: oldestFirst.map((row) => row.nearOi),
        colour: '#0d6efd',
        stack: 'months',
      },
      {
        name: 'Next month',
        kind: 'bar',
        values: oldestFirst.map((row) => row.nextOi),
        colour: '#20c997',
        stack: 'months',
      },
      {
        name: 'Far month',
        kind: 'bar',
        values: oldestFirst.map((row) => row.farOi),
        colour: '#adb5bd',
        stack: 'months',
      },
      {
        name: 'Rollover %',
        kind: 'line',
        values: oldestFirst.map((row) => row.rolloverPercent),
        colour: '#dc3545',
        rightAxis: true,
      },
    ],
    theme,
    formatValue: (value) => formatIndianNumber(value, 0),
  });

  return (
    <section className="futures-eod d-flex flex-column gap-3 py-2" aria-labelledby="futures-eod-heading">
      <DatasetHeader
        id="futures-eod-heading"
        title="Futures EOD"
        asOf={rows[0] === undefined ? null : formatSessionDate(rows[0].date)}
      >
        <Form.Group controlId="futures-eod-symbol">
          <Form.Label className="small mb-0">Instrument</Form.Label>
          <Form.Select
            size="sm"
            value={root}
            onChange={(event) => setSearchParams({ symbol: event.target.value }, { replace: true })}
          >
            {ROOTS.map((entry) => (
              <option key={entry} value={entry}>
                {entry}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="d-flex flex-column">
          <span className="small" id="futures-eod-range">
            Range
          </span>
          <ButtonGroup size="sm" aria-labelledby="futures-eod-range">
            {RANGES.map((entry) => (
              <Button
                key={entry.id}
                variant={choices.range === entry.id ? 'primary' : 'outline-primary'}
                aria-pressed={choices.range === entry.id}
                onClick={() => choose({ range: entry.id })}
              >
                {entry.label}
              </Button>
            ))}
          </ButtonGroup>
        </div>
        <div className="d-flex flex-column">
          <span className="small" id="futures-eod-resolution">
            Period
          </span>
          <ButtonGroup size="sm" aria-labelledby="futures-eod-resolution">
            {RESOLUTIONS.map((entry) => (
              <Button
                key={entry}
                variant={choices.resolution === entry ? 'primary' : 'outline-primary'}
                aria-pressed={choices.resolution === entry}
                onClick={() => choose({ resolution: entry })}
              >
                {entry}
              </Button>
            ))}
          </ButtonGroup>
        </div>
      </DatasetHeader>
      <DatasetStatus
        subject="futures end-of-day history"
        pending={fao.isPending || cash.isPending}
        error={fao.isError || cash.isError}
        empty={rows.length === 0}
        onRetry={() => {
          void fao.refetch();
          void cash.refetch();
        }}
      >
        <p className="small text-body-secondary mb-0">
          Fut is the near-month future of each period; rollover % is the next and far months’ share of the three months’
          OI, roll cost % the next month’s premium over the near month.
        </p>
        <ChartPanel
          title={`${root} price and OI by build-up`}
          option={priceChart}
          theme={theme}
          ariaLabel={`${root} spot and future closes over near-month OI coloured by build-up`}
          height={300}
        />
        <DataTable
          columns={COLUMNS}
          rows={rows}
          rowId={(row) => row.date}
          rowAttributes={(row) => ({ 'data-date': row.date })}
          caption={`${root} futures end-of-day history`}
          testId="futures-eod-table"
          stickyColumnId="date"
          csvFileName={`futures-eod-${root}-${choices.resolution}.csv`}
        />
        <ChartPanel
          title={`${root} OI by month and rollover`}
          option={monthsChart}
          theme={theme}
          ariaLabel={`${root} OI of the near, next and far months stacked, with the rollover %`}
          height={260}
        />
      </DatasetStatus>
    </section>
  );
}
