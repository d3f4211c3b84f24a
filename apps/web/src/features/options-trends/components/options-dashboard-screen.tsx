import {
  formatIndianNumber,
  formatIstClockTime,
  optionsTrendRows,
  type OptionsTrendRow,
  type Resolution,
} from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { categoryLinesOption } from '../../../components/charts/echart-options';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import { snapshotCandlesStatus } from '../../../components/market/snapshot-candles-status';
import { ChoiceButtons } from '../../../components/market/page-header';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useStrikeSetCandles, type TrendUnderlying } from '../hooks/use-strike-set-candles';
import { TrendArrowCell } from './trend-arrow';

const ROUTE = 'options-dashboard';
const TITLE = 'Options Dashboard';
const RESOLUTIONS = ['5m', '15m', '30m'] as const satisfies readonly Resolution[];
const UNDERLYINGS = ['Spot', 'Fut'] as const satisfies readonly TrendUnderlying[];

const signed = (value: number | null, digits: number) =>
  value === null ? '–' : `${value > 0 ? '+' : ''}${formatIndianNumber(value, digits)}`;
const clock = (t: number) => formatIstClockTime(t).slice(0, -3);

type Column = DataTableColumn<OptionsTrendRow>;
const numeric = (
  id: string,
  label: string,
  value: (row: OptionsTrendRow) => number | null,
  digits: number,
  sign = false,
): Column => ({
  id,
  header: label,
  label,
  filter: 'numeric',
  value,
  cell: (row) => {
    const v = value(row);
    return sign ? signed(v, digits) : v === null ? '–' : formatIndianNumber(v, digits);
  },
});

/**
 * /pages/options-dashboard (pages brief G5): the strike set through the session, newest candle first: the
 * premium, price-vs-OI and PCR arrows, the underlying's move, Σ premiums and their change since the first candle,
 * Σ PCR, call and put OI change, D.PCR and the OI trend with its direction; the chart view plots the same series.
 */
export function OptionsDashboardScreen({ theme, ...options }: SnapshotScreenProps) {
  const snapshot = useChainSnapshot({ storageKey: ROUTE, ...options });
  const [resolution, setResolution] = useState<(typeof RESOLUTIONS)[number]>('15m');
  const [underlying, setUnderlying] = useState<TrendUnderlying>('Spot');
  const [view, setView] = useState<'Table' | 'Chart'>('Table');
  const { data, query } = useStrikeSetCandles(snapshot, resolution, underlying);
  const rows = useMemo(
    () => (data === undefined ? null : optionsTrendRows({ ce: data.ce, pe: data.pe, spot: data.underlying })),
    [data],
  );
  const newestFirst = useMemo(() => (rows === null ? [] : [...rows].reverse()), [rows]);

  const columns = useMemo(
    (): Column[] => [
      {
        id: 'time',
        header: 'Timestamp',
        label: 'Timestamp',
        rowHeader: true,
        value: (row) => row.t,
        cell: (row) => clock(row.t),
      },
      {
        id: 'premiumArrow',
        header: 'Premium',
        label: 'Premium (Call vs Put premium)',
        value: (row) => row.premiumArrow,
        cell: (row) => <TrendArrowCell arrow={row.premiumArrow} />,
      },
      {
        id: 'priceArrow',
        header: 'Price vs OI',
        label: 'Price vs OI',
        value: (row) =>
          row.priceArrow === null ? null : `${row.priceArrow.strong ? 'strong ' : ''}${row.priceArrow.arrow}`,
        cell: (row) => (
          <TrendArrowCell arrow={row.priceArrow?.arrow ?? null} strong={row.priceArrow?.strong ?? false} />
        ),
      },
      {
        id: 'pcrArrow',
        header: 'PCR Analysis',
        label: 'PCR Analysis',
        value: (row) => row.pcrArrow,
        cell: (row) => <TrendArrowCell arrow={row.pcrArrow} />,
      },
      {
        id: 'spot',
        header: underlying,
        label: underlying,
        filter: 'numeric',
        value: (row) => row.spot,
        cell: (row) =>
          row.spot === null ? '–' : `${formatIndianNumber(row.spot, 2)} (${signed(row.spotChangePercent, 2)}%)`,
      },
      numeric('ceLtp', 'ΣCE LTP', (row) => row.ceLtp, 2),
      numeric('peLtp', 'ΣPE LTP', (row) => row.peLtp, 2),
      numeric('ceChange', 'ΔCE', (row) => row.ceChange, 2, true),
      numeric('peChange', 'ΔPE', (row) => row.peChange, 2, true),
      numeric('premiumChange', 'CE+PE ΔLTP', (row) => row.premiumChange, 2, true),
      numeric('pcr', 'ΣPCR', (row) => row.pcr, 2),
      numeric('callOiChange', 'ΔCall OI', (row) => row.callOiChange, 0, true),
      numeric('putOiChange', 'ΔPut OI', (row) => row.putOiChange, 0, true),
      numeric('dPcr', 'D.PCR', (row) => row.dPcr, 2),
      numeric('oiDiff', 'Diff in OI Δ', (row) => row.oiDiff, 0, true),
      numeric('oiDiffDirection', 'Dir of OI Δ', (row) => row.oiDiffDirection, 0, true),
    ],
    [underlying],
  );

  const charts = useMemo(() => {
    if (rows === null) return null;
    const categories = rows.map((row) => clock(row.t));
    return {
      premium: categoryLinesOption({
        categories,
        series: [
          { name: 'ΣCE LTP', values: rows.map((r) => r.ceLtp), colour: '#dc3545' },
          { name: 'ΣPE LTP', values: rows.map((r) => r.peLtp), colour: '#198754' },
          {
            name: 'CE+PE ΔLTP',
            values: rows.map((r) => r.premiumChange),
            colour: '#6f42c1',
            axis: 'right',
            dashed: true,
          },
        ],
        theme,
        formatLeft: (v) => formatIndianNumber(v, 0),
        formatRight: (v) => formatIndianNumber(v, 0),
        scale: true,
      }),
      oi: categoryLinesOption({
        categories,
        series: [
          { name: 'ΔCall OI', values: rows.map((r) => r.callOiChange), colour: '#dc3545', type: 'bar' },
          { name: 'ΔPut OI', values: rows.map((r) => r.putOiChange), colour: '#198754', type: 'bar' },
          { name: 'Diff in OI Δ', values: rows.map((r) => r.oiDiff), colour: '#0d6efd' },
          { name: 'ΣPCR', values: rows.map((r) => r.pcr), colour: '#fd7e14', axis: 'right' },
        ],
        theme,
        formatLeft: (v) => formatIndianNumber(v, 0),
        formatRight: (v) => formatIndianNumber(v, 2),
      }),
    };
  }, [rows, theme]);

  const status = snapshotCandlesStatus({
    snapshot,
    title: TITLE,
    what: 'strikes',
    candles: { rows, isError: query.isError, retry: () => void query.refetch() },
    empty: 'No candles yet for these strikes this session.',
  });
  return (
    <div className="options-dashboard d-flex flex-column gap-2">
      <ChainSnapshotHeader snapshot={snapshot} title={TITLE} idPrefix={ROUTE} legs={false}>
        <ChoiceButtons
          id={`${ROUTE}-resolution`}
          label="Interval"
          choice={{ options: RESOLUTIONS, value: resolution, onChange: setResolution }}
        />
        <ChoiceButtons
          id={`${ROUTE}-underlying`}
          label="Spot/Fut"
          choice={{ options: UNDERLYINGS, value: underlying, onChange: setUnderlying }}
        />
        <ChoiceButtons
          id={`${ROUTE}-view`}
          label="View"
          choice={{ options: ['Table', 'Chart'] as const, value: view, onChange: setView }}
        />
      </ChainSnapshotHeader>
      {status ??
        (view === 'Chart' && charts !== null ? (
          <div className="row g-3">
            <ChartPanel
              className="col-12 col-xl-6"
              title="Σ Premium"
              option={charts.premium}
              theme={theme}
              ariaLabel="Σ CE and Σ PE premium of the strike set through the session"
              height={340}
            />
            <ChartPanel
              className="col-12 col-xl-6"
              title="OI change and PCR"
              option={charts.oi}
              theme={theme}
              ariaLabel="Call and put OI change, their difference and Σ PCR through the session"
              height={340}
            />
          </div>
        ) : (
          <>
            <p className="small text-body-secondary mb-0">
              Changes since the session&apos;s first candle over the chosen strikes. PCR Analysis ↑ above 1.0, ↔
              0.8–1.0, ↓ below 0.8; Price vs OI follows the {underlying === 'Spot' ? 'spot' : 'future'} over the
              interval, doubled when Diff in OI Δ agrees; Premium is Call vs Put premium (↑ when ΣCE − ΣPE rose).
            </p>
            <DataTable
              columns={columns}
              rows={newestFirst}
              rowId={(row) => String(row.t)}
              rowAttributes={(row) => ({ 'data-time': String(row.t) })}
              caption={`${snapshot.choices.name} options dashboard by time`}
              testId={`${ROUTE}-table`}
              stickyColumnId="time"
              csvFileName={`${snapshot.choices.name}-${ROUTE}.csv`}
              emptyText="No candles yet for these strikes."
            />
          </>
        ))}
    </div>
  );
}
