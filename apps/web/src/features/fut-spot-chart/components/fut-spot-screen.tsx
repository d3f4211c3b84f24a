import { CrosshairSync, MultiSeriesChartView, type ChartTheme, type SeriesSpec } from '@fnodesk/charts';
import {
  CHART_PERIODS,
  DEFAULT_PICKER_ROOT,
  formatIndianNumber,
  historyRangeWindow,
  isIntradayResolution,
  resolutionsForPeriod,
  systemClock,
  type ChartPeriod,
  type Clock,
  type Resolution,
} from '@fnodesk/domain';
import { useCallback, useMemo, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { PageHeader } from '../../../components/market/page-header';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { useDataQuery } from '../../../lib/use-data-query';
import { basisSeries } from '../utils/basis-series';

/** Props of {@link FutSpotScreen}. */
export interface FutSpotScreenProps {
  theme: ChartTheme;
  clock?: Clock;
  refreshMs?: number;
  alwaysOpen?: boolean;
}

const STORAGE_KEY = 'fut-spot-chart';
const COLOURS = { future: '#1971c2', spot: '#e8590c', basis: '#2f9e44', carry: '#9c36b5' };

interface Choices {
  instrument: string;
  resolution: Resolution;
  period: ChartPeriod;
}

function readChoices(): Choices {
  const fallback: Choices = { instrument: DEFAULT_PICKER_ROOT, resolution: '5m', period: '2D' };
  try {
    const stored = JSON.parse(readStoredItem(STORAGE_KEY) ?? 'null') as Partial<Choices> | null;
    if (stored === null || typeof stored.instrument !== 'string') return fallback;
    const period = CHART_PERIODS.find((p) => p === stored.period) ?? fallback.period;
    const resolution = resolutionsForPeriod(period).find((r) => r === stored.resolution) ?? fallback.resolution;
    return { instrument: stored.instrument, resolution, period };
  } catch {
    return fallback;
  }
}

/**
 * /pages/fut-spot-chart: an underlying's near-month future against its spot over a period: both prices on one
 * chart, and below it the basis (future − spot) and its annualised carry (basis ÷ spot × 365 ÷ days to expiry),
 * crosshairs tied. Live-tier pages refresh every minute; delayed tiers on the kit's timer.
 */
export function FutSpotScreen({ theme, clock = systemClock, refreshMs, alwaysOpen }: FutSpotScreenProps) {
  const [choices, setChoices] = useState<Choices>(readChoices);
  const update = (changes: Partial<Choices>) => {
    const next = { ...choices, ...changes };
    const resolutions = resolutionsForPeriod(next.period);
    if (!resolutions.includes(next.resolution)) next.resolution = resolutions[0]!;
    setChoices(next);
    writeStoredItem(STORAGE_KEY, JSON.stringify(next));
  };
  const contracts = useDataQuery('instruments', { name: choices.instrument }, { staleTime: 10 * 60_000 });
  const future = useMemo(
    () =>
      (contracts.data?.data ?? [])
        .filter((instrument) => instrument.instrumentType === 'FUT')
        .sort((a, b) => (a.expiry ?? '').localeCompare(b.expiry ?? ''))[0],
    [contracts.data],
  );
  // The range starts with the period chosen; refreshes ask again to a day past its end (the server cuts at its instant).
  const range = useMemo(() => historyRangeWindow(choices.period, clock.now(), 'NFO'), [choices.period, clock]);
  const params =
    future === undefined
      ? null
      : {
          tokens: [future.underlyingToken, future.instrumentToken],
          type: choices.resolution,
          from: range.from,
          to: range.to + 86_400_000,
        };
  const pattern = useDataQuery('pattern', params, { clock, staleTime: 0 });
  const refetch = pattern.refetch;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const tokens = useMemo(() => (future === undefined ? [] : [future.instrumentToken]), [future]);
  const page = useMarketDataPage({
    exchange: 'NFO',
    served: pattern.data,
    tokens,
    ticks: 'none',
    refresh,
    refreshWhenLive: true,
    clock,
    ...(refreshMs === undefined ? {} : { refreshMs }),
    ...(alwaysOpen === undefined ? {} : { alwaysOpen }),
  });

  const points = useMemo(() => {
    const list = pattern.data?.data;
    if (list === undefined || future === undefined || future.expiry === null) return [];
    const spot = list.find((entry) => entry.token === future.underlyingToken)?.candles ?? [];
    const fut = list.find((entry) => entry.token === future.instrumentToken)?.candles ?? [];
    return basisSeries(spot, fut, future.expiry);
  }, [pattern.data, future]);
  const sync = useMemo(() => new CrosshairSync(), []);
  const priceSeries: SeriesSpec[] = [
    {
      id: 'future',
      label: future?.tradingSymbol ?? 'Future',
      colour: COLOURS.future,
      axis: 'right',
      points: points.map((p) => ({ t: p.t, v: p.future })),
    },
    {
      id: 'spot',
      label: 'Spot',
      colour: COLOURS.spot,
      axis: 'right',
      points: points.map((p) => ({ t: p.t, v: p.spot })),
    },
  ];
  const basisSeriesSpecs: SeriesSpec[] = [
    {
      id: 'basis',
      label: 'Basis',
      colour: COLOURS.basis,
      axis: 'right',
      points: points.map((p) => ({ t: p.t, v: p.basis })),
    },
    {
      id: 'carry',
      label: 'Carry %/yr',
      colour: COLOURS.carry,
      axis: 'left',
      kind: 'dashed',
      points: points.map((p) => ({ t: p.t, v: p.carryPercent })),
    },
  ];
  const last = points.at(-1);
  const intraday = isIntradayResolution(choices.resolution);

  return (
    <div className="fut-spot d-flex flex-column gap-2">
      <PageHeader
        title="Futures/Spot Chart"
        idPrefix="fut-spot"
        instrument={{ value: choices.instrument, onChange: (name) => update({ instrument: name }) }}
        resolution={{
          options: resolutionsForPeriod(choices.period),
          value: choices.resolution,
          onChange: (value) => update({ resolution: value as Resolution }),
        }}
        period={{
          options: CHART_PERIODS,
          value: choices.period,
          onChange: (value) => update({ period: value as ChartPeriod }),
        }}
        status={{
          mode: page.mode,
          lastUpdatedAt: page.lastUpdatedAt,
          nextUpdateSeconds: page.nextUpdateSeconds,
          replay: page.replaying,
        }}
        banner={page.banner === null ? null : { text: page.banner.text, tone: page.banner.variant }}
        priceCards={
          last === undefined
            ? []
            : [
                { label: future?.tradingSymbol ?? 'Future', price: last.future, change: null, changePercent: null },
                { label: 'Spot', price: last.spot, change: null, changePercent: null },
              ]
        }
      >
        {last !== undefined && (
          <dl className="d-flex gap-3 mb-0 small" data-testid="fut-spot-basis">
            <div>
              <dt className="fw-normal text-body-secondary">Basis</dt>
              <dd className="mb-0 fw-semibold font-monospace">{formatIndianNumber(last.basis)}</dd>
            </div>
            <div>
              <dt className="fw-normal text-body-secondary">Carry %/yr ({last.daysToExpiry} days)</dt>
              <dd className="mb-0 fw-semibold font-monospace">
                {last.carryPercent === null ? '–' : `${formatIndianNumber(last.carryPercent)}%`}
              </dd>
            </div>
          </dl>
        )}
      </PageHeader>
      {contracts.isError || pattern.isError ? (
        <div className="text-center text-body-secondary py-5 border rounded">
          <p className="mb-2">The prices could not be loaded.</p>
          <Button size="sm" variant="outline-primary" onClick={refresh}>
            Try again
          </Button>
        </div>
      ) : pattern.isPending || future === undefined ? (
        <div className="text-center py-5 border rounded">
          <Spinner animation="border" role="status" aria-label="Loading prices" />
        </div>
      ) : points.length === 0 ? (
        <p className="text-center text-body-secondary py-5 border rounded mb-0">No candles in this period.</p>
      ) : (
        <>
          <MultiSeriesChartView
            series={priceSeries}
            theme={theme}
            intraday={intraday}
            sync={sync}
            style={{ height: 360 }}
            ariaLabel={`${future.tradingSymbol} and ${choices.instrument} spot, ${choices.resolution} over ${choices.period}`}
          />
          <MultiSeriesChartView
            series={basisSeriesSpecs}
            theme={theme}
            intraday={intraday}
            sync={sync}
            style={{ height: 220 }}
            ariaLabel={`Basis of ${future.tradingSymbol} over spot and its annualised carry`}
          />
        </>
      )}
    </div>
  );
}
