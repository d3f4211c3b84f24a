// The Tick Chart's ECharts option: N-tick candles (or every trade as a line) over a category axis of candles (a
// tick chart has no time scale: each candle is N trades, however long they took), with the volume below, split
// into units bought at the ask and sold at the bid.
import { chartPalette, type ChartTheme } from '@fnodesk/charts';
import { formatIndianNumber, type TickCandle } from '@fnodesk/domain';
import type { EChartsCoreOption } from 'echarts/core';
import type { ChartTrade } from './tick-trades';

const BUY = '#2f9e44';
const SELL = '#e03131';

const timeOf = (ts: number) => new Date(ts).toLocaleTimeString('en-IN', { timeZone: 'Asia/Kolkata', hour12: false });

function frame(theme: ChartTheme, categories: string[], priceSeries: object, buy: number[], sell: number[]) {
  const palette = chartPalette(theme);
  const axisLabel = { color: palette.text };
  return {
    backgroundColor: 'transparent',
    animation: false,
    textStyle: { color: palette.text },
    tooltip: { trigger: 'axis', renderMode: 'richText' },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    grid: [
      { left: 8, right: 8, top: 12, height: '62%', containLabel: true },
      { left: 8, right: 8, top: '76%', bottom: 8, containLabel: true },
    ],
    xAxis: [
      { type: 'category', data: categories, axisLabel: { show: false }, gridIndex: 0 },
      { type: 'category', data: categories, axisLabel: { ...axisLabel, hideOverlap: true }, gridIndex: 1 },
    ],
    yAxis: [
      {
        type: 'value',
        scale: true,
        gridIndex: 0,
        axisLabel: { ...axisLabel, formatter: (value: number) => formatIndianNumber(value, 2) },
        splitLine: { lineStyle: { color: palette.border } },
      },
      {
        type: 'value',
        gridIndex: 1,
        axisLabel: { ...axisLabel, formatter: (value: number) => formatIndianNumber(value, 0) },
        splitLine: { show: false },
      },
    ],
    series: [
      priceSeries,
      {
        name: 'Bought at ask',
        type: 'bar',
        stack: 'volume',
        xAxisIndex: 1,
        yAxisIndex: 1,
        data: buy,
        itemStyle: { color: BUY },
      },
      {
        name: 'Sold at bid',
        type: 'bar',
        stack: 'volume',
        xAxisIndex: 1,
        yAxisIndex: 1,
        data: sell,
        itemStyle: { color: SELL },
      },
    ],
  };
}

/** N-tick candles with their volume (each category is a candle, labelled by its first trade's time). */
export function tickCandlesOption(candles: readonly TickCandle[], theme: ChartTheme): EChartsCoreOption {
  return frame(
    theme,
    candles.map((candle) => timeOf(candle.t)),
    {
      name: 'Price',
      type: 'candlestick',
      data: candles.map((candle) => [candle.o, candle.c, candle.l, candle.h]),
      itemStyle: { color: BUY, color0: SELL, borderColor: BUY, borderColor0: SELL },
    },
    candles.map((candle) => candle.buyVolume),
    candles.map((candle) => candle.sellVolume),
  );
}

/** Every trade's price as a line, with each trade's quantity below. */
export function tradeLineOption(trades: readonly ChartTrade[], theme: ChartTheme): EChartsCoreOption {
  return frame(
    theme,
    trades.map((trade) => timeOf(trade.ts)),
    {
      name: 'Price',
      type: 'line',
      data: trades.map((trade) => trade.price),
      showSymbol: false,
      lineStyle: { width: 1.5, color: '#1971c2' },
      itemStyle: { color: '#1971c2' },
    },
    trades.map((trade) => (trade.side === 'buy' ? trade.quantity : 0)),
    trades.map((trade) => (trade.side === 'sell' ? trade.quantity : 0)),
  );
}
