/** One candle of the illustration, in chart units (0 = bottom). */
interface Candle {
  open: number;
  high: number;
  low: number;
  close: number;
}

// A fixed, hand-drawn session: a dip, a base and a breakout, so the picture reads like a chart and never changes.
const CANDLES: readonly Candle[] = [
  { open: 62, high: 66, low: 55, close: 57 },
  { open: 57, high: 60, low: 49, close: 51 },
  { open: 51, high: 55, low: 44, close: 46 },
  { open: 46, high: 53, low: 43, close: 52 },
  { open: 52, high: 56, low: 47, close: 49 },
  { open: 49, high: 58, low: 48, close: 57 },
  { open: 57, high: 63, low: 55, close: 61 },
  { open: 61, high: 64, low: 56, close: 58 },
  { open: 58, high: 69, low: 57, close: 68 },
  { open: 68, high: 75, low: 66, close: 73 },
  { open: 73, high: 76, low: 68, close: 70 },
  { open: 70, high: 80, low: 69, close: 79 },
  { open: 79, high: 86, low: 77, close: 84 },
  { open: 84, high: 88, low: 79, close: 81 },
  { open: 81, high: 92, low: 80, close: 90 },
];

// Open interest by strike around the money: calls build above, puts below.
const OI_BARS: readonly { calls: number; puts: number }[] = [
  { calls: 8, puts: 30 },
  { calls: 12, puts: 42 },
  { calls: 18, puts: 55 },
  { calls: 26, puts: 38 },
  { calls: 44, puts: 22 },
  { calls: 58, puts: 14 },
  { calls: 36, puts: 9 },
];

const WIDTH = 360;
const CHART_TOP = 20;
const CHART_HEIGHT = 150;
const OI_TOP = 190;
const OI_HEIGHT = 60;

// The price axis spans the session's range with a little headroom, so the candles fill the panel.
const PRICE_LOW = Math.min(...CANDLES.map((candle) => candle.low)) - 4;
const PRICE_HIGH = Math.max(...CANDLES.map((candle) => candle.high)) + 4;

function y(value: number): number {
  return CHART_TOP + CHART_HEIGHT - ((value - PRICE_LOW) / (PRICE_HIGH - PRICE_LOW)) * CHART_HEIGHT;
}

/** A decorative chart (candles over an open-interest profile) for the landing hero; hidden from assistive tech. */
export function MarketIllustration() {
  const step = (WIDTH - 40) / CANDLES.length;
  const barStep = (WIDTH - 40) / OI_BARS.length;
  return (
    <svg className="market-illustration" viewBox={`0 0 ${WIDTH} 270`} aria-hidden="true" focusable="false">
      {[0, 1, 2, 3].map((line) => (
        <line
          key={line}
          className="market-illustration-grid"
          x1="20"
          x2={WIDTH - 20}
          y1={CHART_TOP + (line * CHART_HEIGHT) / 3}
          y2={CHART_TOP + (line * CHART_HEIGHT) / 3}
        />
      ))}
      {CANDLES.map((candle, i) => {
        const x = 20 + step * i + step / 2;
        const rising = candle.close >= candle.open;
        const top = y(Math.max(candle.open, candle.close));
        const bottom = y(Math.min(candle.open, candle.close));
        return (
          <g key={i} className={rising ? 'candle-up' : 'candle-down'}>
            <line x1={x} x2={x} y1={y(candle.high)} y2={y(candle.low)} />
            <rect x={x - step * 0.3} y={top} width={step * 0.6} height={Math.max(bottom - top, 1.5)} rx="1" />
          </g>
        );
      })}
      <line
        className="market-illustration-axis"
        x1="20"
        x2={WIDTH - 20}
        y1={OI_TOP + OI_HEIGHT}
        y2={OI_TOP + OI_HEIGHT}
      />
      {OI_BARS.map((bar, i) => {
        const x = 20 + barStep * i + barStep / 2;
        const callHeight = (bar.calls / 60) * OI_HEIGHT;
        const putHeight = (bar.puts / 60) * OI_HEIGHT;
        return (
          <g key={i}>
            <rect
              className="oi-call"
              x={x - 11}
              y={OI_TOP + OI_HEIGHT - callHeight}
              width="10"
              height={callHeight}
              rx="1"
            />
            <rect
              className="oi-put"
              x={x + 1}
              y={OI_TOP + OI_HEIGHT - putHeight}
              width="10"
              height={putHeight}
              rx="1"
            />
          </g>
        );
      })}
    </svg>
  );
}
