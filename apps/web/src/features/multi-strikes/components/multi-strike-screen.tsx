import {
  OPTION_DISCOUNT_RATE,
  RESOLUTION_MINUTES,
  formatIndianNumber,
  formatIstClockTime,
  type Resolution,
} from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { categoryLinesOption } from '../../../components/charts/echart-options';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import { ChoiceButtons } from '../../../components/market/page-header';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useMultiStrikeCandles } from '../hooks/use-multi-strike-candles';
import { multiStrikeIvSeries, type IvLegChoice } from '../utils/multi-strike-iv';
import { multiStrikeSeries, type MultiStrikeBaseline, type MultiStrikeKind } from '../utils/multi-strike-series';

const RESOLUTIONS = ['1m', '5m', '15m'] as const satisfies readonly Resolution[];
const BASELINES: Readonly<Record<string, MultiStrikeBaseline>> = { 'Day Open': 'open', 'Previous Day': 'prev' };
// Distinct colours for up to 30 legs, then repeated.
const PALETTE = ['#0d6efd', '#dc3545', '#198754', '#fd7e14', '#6f42c1', '#20c997', '#d63384', '#0dcaf0', '#6c757d'];

const PAGE = {
  lp: { title: 'Multi-Strike Price', modes: ['Price', 'Change'], route: 'multi-strikes-lp', digits: 2 },
  oi: { title: 'Multi-Strike OI', modes: ['OI', 'OI Chg'], route: 'multi-strikes-oi', digits: 0 },
  pcr: { title: 'Multi-Strike PCR', modes: ['PCR', 'PCR Chg'], route: 'multi-strikes-pcr', digits: 2 },
  iv: { title: 'Multi-Strike IV', modes: ['IV', 'IV Chg'], route: 'multi-strikes-iv', digits: 2 },
} as const;
const IV_LEGS = ['CE', 'PE', 'Average'] as const satisfies readonly IvLegChoice[];
const DAY_MS = 86_400_000;

interface TimeRow {
  t: number;
  values: readonly (number | null)[];
}

/** Props of {@link MultiStrikeScreen}. */
export interface MultiStrikeScreenProps extends SnapshotScreenProps {
  kind: MultiStrikeKind | 'iv';
}

/**
 * /pages/multi-strikes/lp, oi, pcr and iv (pages brief G5): the strikes of the strike-set picker through the
 * session, one line per leg (price, OI) or per strike (PCR, IV) with the set's own line (the legs combined, the set's
 * PCR), as values or as changes against the Day Open or Previous Day baseline, drawn as a chart or listed as a table.
 */
export function MultiStrikeScreen({ kind, theme, ...options }: MultiStrikeScreenProps) {
  const page = PAGE[kind];
  const snapshot = useChainSnapshot({ storageKey: page.route, ...options });
  const [resolution, setResolution] = useState<(typeof RESOLUTIONS)[number]>('5m');
  const [mode, setMode] = useState<string>(page.modes[0]);
  const [baselineLabel, setBaselineLabel] = useState('Day Open');
  const [view, setView] = useState<'Chart' | 'Table'>('Chart');
  const [ivLeg, setIvLeg] = useState<IvLegChoice>('Average');
  // PCR needs both legs of a strike, and so does IV (the forward comes from the ATM strike's call and put).
  const bothLegs = kind === 'pcr' || kind === 'iv';
  const legs = bothLegs ? { ce: true, pe: true } : { ce: snapshot.choices.ce, pe: snapshot.choices.pe };
  const { legs: data, query } = useMultiStrikeCandles(snapshot, legs, resolution);
  const change = mode !== page.modes[0];
  const baseline = BASELINES[baselineLabel] ?? 'open';
  const chain = snapshot.chain;
  const referenceStrike = useMemo(() => {
    if (chain === undefined || chain.rows.length === 0) return null;
    const atm = chain.atmStrike ?? chain.forward ?? chain.rows[0]!.strike;
    return chain.rows.reduce(
      (best, row) => (Math.abs(row.strike - atm) < Math.abs(best - atm) ? row.strike : best),
      chain.rows[0]!.strike,
    );
  }, [chain]);
  // The chain's own expiry instant: its minute plus the days to expiry it was computed with.
  const expiryMs = chain === undefined ? null : chain.at + chain.daysToExpiry * DAY_MS;
  const computed = useMemo(() => {
    if (data === undefined) return null;
    if (kind !== 'iv') return multiStrikeSeries({ kind, legs: data, change, baseline });
    if (referenceStrike === null || expiryMs === null) return null;
    return multiStrikeIvSeries({
      legs: data,
      choice: ivLeg,
      referenceStrike,
      expiryMs,
      candleMs: RESOLUTION_MINUTES[resolution] * 60_000,
      rate: OPTION_DISCOUNT_RATE,
      change,
      baseline,
    });
  }, [data, kind, change, baseline, ivLeg, referenceStrike, expiryMs, resolution]);

  const option = useMemo(() => {
    if (computed === null) return null;
    return categoryLinesOption({
      categories: computed.times.map((t) => formatIstClockTime(t).slice(0, -3)),
      series: computed.series.map((series, i) => ({
        name: series.name,
        values: series.values,
        colour: series.aggregate
          ? theme === 'dark'
            ? '#f8f9fa'
            : '#212529'
          : (PALETTE[i % PALETTE.length] ?? '#0d6efd'),
      })),
      theme,
      formatLeft: (value) => formatIndianNumber(value, page.digits),
      scale: !change,
    });
  }, [computed, theme, change, page.digits]);

  const columns = useMemo((): DataTableColumn<TimeRow>[] => {
    const series = computed?.series ?? [];
    return [
      {
        id: 'time',
        header: 'Time',
        label: 'Time',
        rowHeader: true,
        value: (row) => row.t,
        cell: (row) => formatIstClockTime(row.t).slice(0, -3),
      },
      ...series.map((s, i): DataTableColumn<TimeRow> => ({
        id: s.key,
        header: s.name,
        label: s.name,
        filter: 'numeric',
        value: (row) => row.values[i] ?? null,
        cell: (row) => {
          const value = row.values[i];
          return value === null || value === undefined ? '–' : formatIndianNumber(value, page.digits);
        },
      })),
    ];
  }, [computed, page.digits]);
  const rows = useMemo(
    (): TimeRow[] =>
      computed === null
        ? []
        : computed.times.map((t, i) => ({ t, values: computed.series.map((s) => s.values[i] ?? null) })).reverse(),
    [computed],
  );

  const { state } = snapshot;
  return (
    <div className="multi-strikes d-flex flex-column gap-2">
      <ChainSnapshotHeader snapshot={snapshot} title={page.title} idPrefix={page.route} legs={!bothLegs}>
        <ChoiceButtons
          id={`${page.route}-resolution`}
          label="Interval"
          choice={{ options: RESOLUTIONS, value: resolution, onChange: setResolution }}
        />
        {kind === 'iv' && (
          <ChoiceButtons
            id={`${page.route}-leg`}
            label="Leg"
            choice={{ options: IV_LEGS, value: ivLeg, onChange: setIvLeg }}
          />
        )}
        <ChoiceButtons
          id={`${page.route}-mode`}
          label="Show"
          choice={{ options: page.modes, value: mode as (typeof page.modes)[number], onChange: setMode }}
        />
        {change && (
          <ChoiceButtons
            id={`${page.route}-baseline`}
            label="Baseline"
            choice={{ options: Object.keys(BASELINES), value: baselineLabel, onChange: setBaselineLabel }}
          />
        )}
        <ChoiceButtons
          id={`${page.route}-view`}
          label="View"
          choice={{ options: ['Chart', 'Table'] as const, value: view, onChange: setView }}
        />
      </ChainSnapshotHeader>
      {kind === 'iv' && referenceStrike !== null && (
        <p className="small text-body-secondary mb-0" data-testid="iv-method">
          IV per cent a year by Black-76, solved at each candle's close against the forward the {referenceStrike} call
          and put imply (put–call parity: K + (CE − PE)·e^rT); Average is the mean of a strike's CE and PE IV.
        </p>
      )}
      {state !== 'ready' || (computed === null && !query.isError) ? (
        <div className="d-flex flex-column align-items-center text-body-secondary py-5 border rounded">
          {state === 'no-expiries' ? (
            <p className="mb-0">No option expiries are listed for {snapshot.choices.name}.</p>
          ) : state === 'error' || state === 'expiries-error' ? (
            <>
              <p className="mb-2">The strikes could not be loaded.</p>
              <Button size="sm" variant="outline-primary" onClick={snapshot.retry}>
                Try again
              </Button>
            </>
          ) : (
            <Spinner animation="border" role="status" aria-label={`Loading ${page.title}`} />
          )}
        </div>
      ) : query.isError && computed === null ? (
        <div className="d-flex flex-column align-items-center text-body-secondary py-5 border rounded">
          <p className="mb-2">The candles could not be loaded.</p>
          <Button size="sm" variant="outline-primary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : computed !== null && computed.times.length === 0 ? (
        <p className="text-body-secondary border rounded py-5 text-center mb-0">
          No candles yet for these strikes this session.
        </p>
      ) : view === 'Chart' && option !== null ? (
        <ChartPanel
          title={`${page.title} – ${mode}`}
          option={option}
          theme={theme}
          ariaLabel={`${mode} of the chosen strikes through the session`}
          height={420}
        />
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          rowId={(row) => String(row.t)}
          caption={`${snapshot.choices.name} ${page.title} by time`}
          testId={`${page.route}-table`}
          stickyColumnId="time"
          csvFileName={`${snapshot.choices.name}-${page.route}.csv`}
          emptyText="No candles yet for these strikes."
        />
      )}
    </div>
  );
}
