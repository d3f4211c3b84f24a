import { chartPalette, type ChartTheme } from '@fnodesk/charts';
import {
  CHART_PERIODS,
  DEFAULT_PICKER_ROOT,
  formatIndianNumber,
  historyRangeWindow,
  resolutionForPeriod,
  resolutionsForPeriod,
  systemClock,
  type ChartPeriod,
  type Resolution,
} from '@fnodesk/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { z } from 'zod';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { strikeLabel } from '../../../components/charts/echart-options';
import { timeLinesOption } from '../../../components/charts/time-lines-option';
import { ChainSummaryCards } from '../../../components/market/chain-summary-cards';
import { PageHeader } from '../../../components/market/page-header';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';
import { useRangeEndWithData } from '../../../lib/market/range-end';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import type { MarketDataPageSettings } from '../../../lib/market/use-market-data-page';
import { useDataQuery } from '../../../lib/use-data-query';
import { straddlePercentOfSpot, strikeChanges } from '../utils/strike-changes';

/** Which page the plot is: indices with a period (Dynamic ATM Straddle) or stocks (Rolling ATM Straddle Chart). */
export type AtmStraddlePlotKind = 'dynamic-atm-straddle' | 'rolling-atm-straddle-chart';

const ChoicesSchema = z.object({
  name: z.string().trim().min(1).max(40).catch(DEFAULT_PICKER_ROOT),
  expiry: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .catch(null),
  resolution: z.string().catch('5m'),
  period: z.enum(CHART_PERIODS).catch('2D'),
  spot: z.boolean().catch(false),
});
type Choices = z.infer<typeof ChoicesSchema>;

function readChoices(key: string, defaults: Partial<Choices>): Choices {
  let json: unknown = {};
  try {
    json = JSON.parse(readStoredItem(key) ?? '{}');
  } catch {
    json = {};
  }
  return ChoicesSchema.parse({ ...defaults, ...(typeof json === 'object' && json !== null ? json : {}) });
}

const PERIODS: readonly ChartPeriod[] = ['1D', '2D', '3D', '4D', '5D'];
const MARK_COLOURS = { up: '#198754', down: '#dc3545' };
const price = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : formatIndianNumber(value, 2);

/** Props of {@link AtmStraddlePlotScreen}. */
export interface AtmStraddlePlotScreenProps extends MarketDataPageSettings {
  kind: AtmStraddlePlotKind;
  theme: ChartTheme;
}

/**
 * /pages/dynamic-atm-straddle and /pages/rolling-atm-straddle-chart (pages brief G6): the ATM straddle of an expiry
 * per candle, the strike re-picked from the spot each candle, a mark at each strike change (green up, red down), the
 * spot on a second axis when asked, and the latest strike, straddle and priced move.
 */
export function AtmStraddlePlotScreen({ kind, theme, clock = systemClock, ...settings }: AtmStraddlePlotScreenProps) {
  const title = kind === 'dynamic-atm-straddle' ? 'Dynamic ATM Straddle' : 'Dynamic ATM Straddle (stocks)';
  const [choices, setChoices] = useState<Choices>(() =>
    readChoices(kind, kind === 'dynamic-atm-straddle' ? { period: '2D' } : { period: '1D', spot: true }),
  );
  const choose = useCallback(
    (patch: Partial<Choices>) =>
      setChoices((current) => {
        const next = { ...current, ...patch };
        writeStoredItem(kind, JSON.stringify(next));
        return next;
      }),
    [kind],
  );
  const [until, setUntil] = useState(() => clock.now());
  const [end, reportServed] = useRangeEndWithData(until, 'NFO');
  const expiries = useDataQuery('get_option_expiry', { name: choices.name });
  const expiryList = useMemo(() => expiries.data?.data.expiries ?? [], [expiries.data]);
  const expiry = expiryList.find((candidate) => candidate.date === choices.expiry) ?? expiryList[0] ?? null;
  const resolutions = resolutionsForPeriod(choices.period);
  const resolution = resolutionForPeriod(
    choices.period,
    (resolutions.includes(choices.resolution as Resolution) ? choices.resolution : '5m') as Resolution,
  );
  const params = useMemo(() => {
    if (expiry === null) return null;
    const window = historyRangeWindow(choices.period, end, 'NFO');
    return {
      name: choices.name,
      expiry: expiry.date,
      type: resolution,
      from: String(window.from),
      to: String(window.to),
    };
  }, [choices.name, choices.period, expiry, resolution, end]);
  const plot = useDataQuery('stock_atm_straddle_plot', params, {
    clock,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const answer = plot.data;
  useEffect(() => reportServed(answer), [answer, reportServed]);
  const points = useMemo(() => answer?.data.points ?? [], [answer]);
  const last = points.at(-1);
  const refresh = useCallback(() => setUntil(clock.now()), [clock]);
  const page = useMarketDataPage({
    exchange: 'NFO',
    served: answer,
    servedUntil: last?.t,
    dataAt: last?.t,
    tokens: [],
    ticks: 'none',
    refresh,
    refreshWhenLive: true,
    clock,
    ...settings,
  });

  const option = useMemo(() => {
    const palette = chartPalette(theme);
    const changes = strikeChanges(points);
    return timeLinesOption({
      theme,
      formatValue: (value) => formatIndianNumber(value, 2),
      lines: [
        { name: 'Straddle', points: points.map((p) => [p.t, p.straddle]), colour: palette.text },
        ...(choices.spot
          ? [{ name: 'Spot', points: points.map((p) => [p.t, p.spot] as const), colour: palette.oi, rightAxis: true }]
          : []),
      ],
      marks: changes.map((change) => ({
        t: change.t,
        value: change.straddle,
        label: strikeLabel(change.strike),
        colour: MARK_COLOURS[change.direction],
      })),
    });
  }, [points, theme, choices.spot]);

  const state =
    expiries.isError && expiries.data === undefined
      ? 'error'
      : expiries.data !== undefined && expiryList.length === 0
        ? 'no-expiries'
        : plot.isError && answer === undefined
          ? 'error'
          : answer === undefined
            ? 'loading'
            : points.length === 0
              ? 'empty'
              : 'ready';

  return (
    <div className={`${kind} d-flex flex-column gap-2`}>
      <PageHeader
        title={title}
        idPrefix={kind}
        instrument={{ value: choices.name, onChange: (name) => choose({ name, expiry: null }) }}
        expiry={{
          options: expiryList,
          value: expiry?.date ?? null,
          loading: expiries.isPending,
          onChange: (date) => choose({ expiry: date }),
        }}
        resolution={{ options: resolutions, value: resolution, onChange: (value) => choose({ resolution: value }) }}
        period={{
          options: PERIODS,
          value: choices.period,
          onChange: (period) => choose({ period: ChoicesSchema.shape.period.parse(period) }),
        }}
        status={{ mode: page.mode, lastUpdatedAt: page.lastUpdatedAt, nextUpdateSeconds: page.nextUpdateSeconds }}
        banner={page.banner === null ? null : { text: page.banner.text, tone: page.banner.variant }}
      >
        <Form.Check
          id={`${kind}-spot`}
          type="switch"
          label="Spot"
          className="small mb-1"
          checked={choices.spot}
          onChange={(event) => choose({ spot: event.currentTarget.checked })}
        />
      </PageHeader>
      {state === 'ready' ? (
        <div className="d-flex flex-column gap-2" aria-busy={plot.isPlaceholderData}>
          <ChainSummaryCards
            figures={[
              { label: 'Strike', value: last?.strike ?? null, format: 'price' },
              { label: 'Straddle', value: last?.straddle ?? null, format: 'price', testId: `${kind}-straddle` },
              { label: 'CE', value: last?.ce ?? null, format: 'price' },
              { label: 'PE', value: last?.pe ?? null, format: 'price' },
              { label: 'Spot', value: last?.spot ?? null, format: 'price' },
              {
                label: 'Straddle % of Spot',
                value: last === undefined ? null : straddlePercentOfSpot(last),
                format: 'ratio',
              },
              { label: 'Strike Changes', value: strikeChanges(points).length, format: 'quantity' },
            ]}
          />
          <p
            className="small text-body-secondary mb-0"
            data-testid={`${kind}-last-point`}
            data-t={last?.t}
            data-ce={last?.ce}
            data-pe={last?.pe}
            data-straddle={last?.straddle}
            data-count={points.length}
          >
            {answer?.data.name} {expiry?.formattedDate}: straddle {price(last?.straddle)} at strike{' '}
            {last === undefined ? '–' : strikeLabel(last.strike)} (CE {price(last?.ce)} + PE {price(last?.pe)})
          </p>
          <ChartPanel
            title={`${choices.name} ATM Straddle`}
            option={option}
            theme={theme}
            ariaLabel="The ATM straddle per candle with a mark at each strike change"
            height={400}
          />
        </div>
      ) : (
        <div className="d-flex flex-column align-items-center justify-content-center text-body-secondary py-5 border rounded">
          {state === 'loading' && <Spinner animation="border" role="status" aria-label="Loading the ATM straddle" />}
          {state === 'no-expiries' && <p className="mb-0">No option expiries are listed for {choices.name}.</p>}
          {state === 'empty' && (
            <p className="mb-0">No candles in this range yet{page.marketClosed ? ' (market closed)' : ''}.</p>
          )}
          {state === 'error' && (
            <>
              <p className="mb-2">The ATM straddle could not be loaded.</p>
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() => void (expiries.isError ? expiries.refetch() : plot.refetch())}
              >
                Try again
              </Button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
