// A strategy's combined premium as one chart symbol (pages brief G6; straddle-adv, strangle-adv, custom-strangle,
// Strategy Chart): the `strategy-ch` candles (Σ legs' candles × signed quantity, volume Σ leg volumes), the candle
// forming from the legs' ticks in the live tier, the indicators and the drawings of the Advance Chart, kept per
// symbol like an instrument's.
import type { ChartTheme } from '@fnodesk/charts';
import {
  DEFAULT_INDICATOR_SETTINGS,
  INDICATOR_KINDS,
  type DrawingTool,
  type IndicatorKind,
} from '@fnodesk/charts/drawing';
import type { Candle } from '@fnodesk/contracts';
import {
  formatIndianNumber,
  formatIstClockTime,
  historyRangeWindow,
  istDateOf,
  istInstant,
  type ChartPeriod,
  type Clock,
  type Exchange,
} from '@fnodesk/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { z } from 'zod';
import { useAdvanceChart } from '../../lib/advance-chart/use-advance-chart';
import { useFeedClient } from '../../lib/feed/feed-context';
import type { FeedClient } from '../../lib/feed/feed-client';
import { useHeldTokens } from '../../lib/feed/use-ticks';
import { readStoredItem, writeStoredItem } from '../../lib/local-storage';
import { intradayCandleEnd } from '../../lib/market/data-mode';
import { strategyTick, type SignedLeg } from '../../lib/market/strategy-tick';
import { useFormingCandleOf } from '../../lib/market/use-forming-candle';
import { useMarketDataPage } from '../../lib/market/use-market-data-page';
import { usePostDataQuery } from '../../lib/use-data-query';
import { DrawingToolButtons, IndicatorsMenu } from '../charts/advance-chart-controls';
import { ChartDataStatus } from './chart-data-status';

/** One leg of a premium symbol: an instrument bought or sold in a quantity (units). */
export interface PremiumLeg {
  token: number;
  side: 'BUY' | 'SELL';
  quantity: number;
}

/** The resolutions a premium symbol is charted at, and how much history each loads. */
const PERIOD_OF = {
  '1m': '2D',
  '3m': '3D',
  '5m': '5D',
  '15m': '5D',
  '30m': '5D',
  '1h': '5D',
} as const satisfies Record<string, ChartPeriod>;
type PremiumResolution = keyof typeof PERIOD_OF;
const RESOLUTIONS = Object.keys(PERIOD_OF) as PremiumResolution[];
const DAY_MS = 86_400_000;

const StoredSchema = z.object({
  resolution: z.enum(RESOLUTIONS as [PremiumResolution, ...PremiumResolution[]]).catch('1m'),
  indicators: z.array(z.string()).catch([]),
});

interface ChartChoices {
  resolution: PremiumResolution;
  indicators: IndicatorKind[];
}

function readChoices(key: string): ChartChoices {
  let json: unknown = {};
  try {
    json = JSON.parse(readStoredItem(key) ?? '{}');
  } catch {
    json = {};
  }
  const parsed = StoredSchema.safeParse(json);
  const stored = parsed.success ? parsed.data : { resolution: '1m' as const, indicators: [] };
  return {
    resolution: stored.resolution,
    indicators: INDICATOR_KINDS.filter((kind) => stored.indicators.includes(kind)),
  };
}

/** Props of {@link PremiumSymbolChart}. */
export interface PremiumSymbolChartProps {
  /** Prefix of the chart's ids and test ids, unique on the page; also the key its choices are kept under. */
  idPrefix: string;
  /** The symbol's name ("NIFTY 25 NOV 25600 CE + 25600 PE"); drawings are kept under it. */
  symbol: string;
  legs: readonly PremiumLeg[];
  exchange: Exchange;
  /** The market instant the page's data is as of: the history runs up to its day. */
  at: number;
  theme: ChartTheme;
  clock?: Clock | undefined;
  refreshMs?: number | undefined;
  alwaysOpen?: boolean | undefined;
}

/** The combined premium of `legs` as a candle chart with volume, indicators and drawings. */
export function PremiumSymbolChart(props: PremiumSymbolChartProps) {
  const { idPrefix, symbol, legs, exchange, at, theme, clock, refreshMs, alwaysOpen } = props;
  const storageKey = `${idPrefix}-premium-chart`;
  const [choices, setChoices] = useState<ChartChoices>(() => readChoices(storageKey));
  const choose = (patch: Partial<ChartChoices>) => {
    const next = { ...choices, ...patch };
    setChoices(next);
    writeStoredItem(storageKey, JSON.stringify(next));
  };
  const { resolution, indicators } = choices;
  const [tool, setTool] = useState<DrawingTool | null>(null);

  const day = istDateOf(at);
  const params = useMemo(() => {
    const window = historyRangeWindow(PERIOD_OF[resolution], at, exchange);
    // To the end of the day: the key stays the same all session, and the server cuts at what the tier serves.
    return { type: resolution, from: String(window.from), to: String(istInstant(day, '00:00') + DAY_MS - 1) };
    // The window moves with the day, not with every minute `at` advances.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resolution, day, exchange]);
  const body = useMemo(
    () => (legs.length === 0 ? null : { legs: legs.map(({ token, side, quantity }) => ({ token, side, quantity })) }),
    [legs],
  );
  const query = usePostDataQuery('strategy-ch', params, body, {
    placeholderData: keepPreviousData,
    ...(clock === undefined ? {} : { clock }),
  });
  const answer = query.data;
  const candles = useMemo<Candle[]>(
    () => (answer?.data.candles ?? []).map((candle) => ({ ...candle, oi: 0 })),
    [answer],
  );
  const last = candles.at(-1);
  const refetch = query.refetch;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const tokens = useMemo(() => legs.map((leg) => leg.token), [legs]);
  const page = useMarketDataPage({
    exchange,
    served: answer,
    servedUntil: intradayCandleEnd(last, resolution),
    dataAt: answer?.receivedAt,
    tokens,
    ticks: 'none',
    refresh,
    refreshWhenLive: true,
    publishStatus: false,
    renderEveryMs: 5_000,
    clock,
    refreshMs,
    alwaysOpen,
  });
  const client = useFeedClient();
  // The kit holds nothing for a chart that draws ticks itself: the chart holds its legs for the forming candle.
  useHeldTokens(tokens, 'quote', page.mode === 'live');
  const signed = useMemo<SignedLeg[]>(
    () => legs.map((leg) => ({ token: leg.token, signed: leg.side === 'BUY' ? leg.quantity : -leg.quantity })),
    [legs],
  );
  const readTick = useCallback((feed: FeedClient) => strategyTick(signed, (token) => feed.tick(token)), [signed]);
  const liveCandle = useFormingCandleOf(
    client,
    signed.map((leg) => `${leg.token}x${leg.signed}`).join(','),
    readTick,
    page.mode === 'live',
    { resolution, exchange },
    last,
  );
  const chartRef = useRef<HTMLDivElement>(null);
  useAdvanceChart(chartRef, {
    theme,
    candles,
    liveCandle,
    indicators,
    settings: DEFAULT_INDICATOR_SETTINGS,
    intraday: true,
    tool,
    onToolChange: setTool,
    instrument: `strategy:${symbol}`,
  });

  const shown = liveCandle ?? last;
  const state = query.isPending ? 'loading' : query.isError && answer === undefined ? 'error' : 'ready';
  const price = (value: number) => formatIndianNumber(value, 2);
  return (
    <section className="card" aria-label={`${symbol} premium chart`} data-testid={`${idPrefix}-premium-chart`}>
      <div className="card-header d-flex flex-wrap align-items-center gap-2 py-1 px-2">
        <span className="fw-semibold small" data-testid={`${idPrefix}-symbol`}>
          {symbol}
        </span>
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label="Resolution"
          value={resolution}
          onChange={(event) => choose({ resolution: event.currentTarget.value as PremiumResolution })}
        >
          {RESOLUTIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </Form.Select>
        <IndicatorsMenu id={idPrefix} value={indicators} onChange={(next) => choose({ indicators: next })} />
        <DrawingToolButtons label="Drawing tools" tool={tool} onChange={setTool} />
        <span className="small text-body-secondary">Drawings are saved with this symbol.</span>
        <div className="ms-auto">
          {/* The page's header already shows the tier banner. */}
          <ChartDataStatus page={{ ...page, banner: null }} countdownTestId={`${idPrefix}-countdown`} />
        </div>
      </div>
      <div className="card-body p-2 d-flex flex-column gap-1">
        {state === 'loading' && (
          <Spinner animation="border" size="sm" role="status" aria-label={`Loading the ${symbol} candles`} />
        )}
        {state === 'error' && (
          <button type="button" className="btn btn-link btn-sm p-0 align-self-start" onClick={refresh}>
            The premium candles could not be loaded: try again
          </button>
        )}
        {state === 'ready' && shown === undefined && (
          <p className="small text-body-secondary mb-0">No candles yet: the legs have not all traded in this period.</p>
        )}
        {shown !== undefined && (
          <p
            className="small mb-0 font-monospace"
            data-testid={`${idPrefix}-last-candle`}
            data-t={shown.t}
            data-c={shown.c}
            data-live={liveCandle === null ? 'false' : 'true'}
            data-served-t={last?.t}
            data-served-c={last?.c}
            data-count={candles.length}
          >
            {formatIstClockTime(shown.t)} O {price(shown.o)} H {price(shown.h)} L {price(shown.l)} C {price(shown.c)}{' '}
            ATP {price(shown.atp)} Vol {formatIndianNumber(shown.v, 0)}
          </p>
        )}
        <div
          ref={chartRef}
          className="premium-symbol-chart"
          style={{ height: 'min(28rem, 70vh)', position: 'relative' }}
          data-testid={`${idPrefix}-chart`}
        />
      </div>
    </section>
  );
}
