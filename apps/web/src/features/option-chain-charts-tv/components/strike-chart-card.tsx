import type { ChartTheme } from '@fnodesk/charts';
import type { DrawingTool, IndicatorKind, IndicatorSettings } from '@fnodesk/charts/drawing';
import type { Candle } from '@fnodesk/contracts';
import { formatIndianNumber, type Exchange, type Resolution } from '@fnodesk/domain';
import { useRef } from 'react';
import { Spinner } from 'react-bootstrap';
import { TradeButton } from '../../../components/trade-button';
import type { FeedClient } from '../../../lib/feed/feed-client';
import { useFormingCandle } from '../../../lib/market/use-forming-candle';
import { useAdvanceChart } from '../../../lib/advance-chart/use-advance-chart';

/** Props of {@link StrikeChartCard}. */
export interface StrikeChartCardProps {
  /** 'Strike 24500 Call' or 'Strike 24500 Puts' (spec §2.8). */
  title: string;
  /** The option's trading symbol: names the chart and keys its saved drawings. */
  symbol: string;
  token: number;
  exchange: Exchange;
  resolution: Resolution;
  intraday: boolean;
  /** The history; undefined while it loads. */
  candles: readonly Candle[] | undefined;
  /** Candles are updated from the feed (the live tier). */
  live: boolean;
  client: FeedClient;
  theme: ChartTheme;
  height: number;
  indicators: readonly IndicatorKind[];
  settings: IndicatorSettings;
  tool: DrawingTool | null;
  onToolChange: (tool: DrawingTool | null) => void;
}

const NO_CANDLES: readonly Candle[] = [];

/** One option's Advance Chart in a card: title, last price, and the chart with indicators and drawings. */
export function StrikeChartCard(props: StrikeChartCardProps) {
  const { title, symbol, token, exchange, resolution, intraday, candles, live, client, theme, height } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const lastCandle = candles?.at(-1);
  const liveCandle = useFormingCandle(client, token, live, { resolution, exchange }, lastCandle);
  useAdvanceChart(containerRef, {
    theme,
    candles: candles ?? NO_CANDLES,
    liveCandle,
    indicators: props.indicators,
    settings: props.settings,
    intraday,
    tool: props.tool,
    onToolChange: props.onToolChange,
    instrument: symbol,
  });
  const price = liveCandle?.c ?? lastCandle?.c;
  const empty = candles !== undefined && candles.length === 0 && liveCandle === null;

  return (
    <section className="card advance-chart-card" aria-label={title}>
      <div className="card-header d-flex align-items-baseline gap-2 py-1 px-2">
        <h2 className="h6 mb-0">{title}</h2>
        <span className="small text-body-secondary text-truncate">{symbol}</span>
        <output className="ms-auto fw-semibold font-monospace small" aria-label={`${title} last price`}>
          {price === undefined ? '–' : `₹${formatIndianNumber(price)}`}
        </output>
        <TradeButton instrumentToken={token} side="BUY" size="sm" className="py-0" label={`BUY ${symbol}`}>
          BUY
        </TradeButton>
      </div>
      <div className="card-body p-1 position-relative">
        {/* The chart stays mounted through loading so its drawings and zoom survive a refresh. */}
        <div
          ref={containerRef}
          className="advance-chart"
          style={{ height }}
          role="figure"
          aria-label={`${title} (${symbol}) ${resolution} candles`}
          data-testid="advance-chart"
          data-symbol={symbol}
        />
        {(candles === undefined || empty) && (
          <div className="advance-chart-overlay d-flex align-items-center justify-content-center text-body-secondary">
            {candles === undefined ? (
              <Spinner animation="border" size="sm" role="status" aria-label={`Loading ${title}`} />
            ) : (
              <p className="mb-0 small">No candles in this period.</p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
