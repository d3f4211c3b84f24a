import {
  dayExtremes,
  FNO_STOCKS,
  istInstant,
  NIFTY_50_CONSTITUENTS,
  spotInstrumentToken,
  tradingDaysBetween,
} from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import type { ParticipantPositions } from './eod-datasets';
import { buildUp, splitWhole } from './eod-datasets';
import { createMarketSim } from './market-sim';

const NOW = istInstant('2026-11-18', '16:00');
const sim = createMarketSim({ seed: 21, now: NOW });
const FROM = '2026-09-01';
const TO = '2026-11-18';
const SESSIONS = tradingDaysBetween(FROM, TO, 'NSE');

describe('splitWhole (largest remainder)', () => {
  it('splits a whole number in proportion to the weights into whole parts that add up to it', () => {
    expect(splitWhole(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitWhole(0, [0.5, 0.5])).toEqual([0, 0]);
    for (const total of [1, 7, 999, 123_457]) {
      const parts = splitWhole(total, [0.33, 0.06, 0.05, 0.55, 0.01]);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      const weights = [0.33, 0.06, 0.05, 0.55, 0.01];
      parts.forEach((part, i) => expect(Math.abs(part - total * weights[i]!)).toBeLessThan(1));
    }
  });
});

describe('delivery share', () => {
  it('is a stock’s per cent of volume between 6 and 92, varying by day; indices have none', () => {
    const reliance = spotInstrumentToken('RELIANCE');
    const shares = SESSIONS.map((date) => sim.eod.deliveryPercent(reliance, date)!);
    expect(Math.min(...shares)).toBeGreaterThanOrEqual(6);
    expect(Math.max(...shares)).toBeLessThanOrEqual(92);
    expect(new Set(shares).size).toBeGreaterThan(SESSIONS.length / 2);
    expect(sim.eod.deliveryPercent(spotInstrumentToken('NIFTY'), TO)).toBeNull();
  });
});

describe('FII/DII cash activity', () => {
  const rows = sim.eod.cashMarket(FROM, TO);

  it('has a row per session with buy − sell = net, in plausible ₹ crore', () => {
    expect(rows.map((row) => row.date)).toEqual(SESSIONS);
    for (const row of rows) {
      for (const flow of [row.fii, row.dii]) {
        expect(Math.abs(flow.buy - flow.sell - flow.net)).toBeLessThan(0.011);
        expect(flow.buy).toBeGreaterThan(3_000);
        expect(flow.buy).toBeLessThan(40_000);
        expect(Math.abs(flow.net)).toBeLessThan(15_000);
      }
    }
  });

  it('has FIIs buying on up days and DIIs leaning against them', () => {
    let together = 0;
    let against = 0;
    for (const row of rows) {
      if (Math.sign(row.fii.net) === Math.sign(row.dii.net)) together++;
      else against++;
    }
    expect(against).toBeGreaterThan(together);
  });

  it('reaches back ten years', () => {
    expect(sim.eod.cashMarket('2016-01-01', '2016-01-31').length).toBeGreaterThan(18);
  });
});

describe('FII derivatives statistics', () => {
  it('reports index and stock futures and options with values consistent with contracts', () => {
    for (const row of sim.eod.fiiDerivatives(FROM, TO)) {
      for (const category of [row.indexFutures, row.indexOptions, row.stockFutures, row.stockOptions]) {
        expect(category.buyContracts).toBeGreaterThan(0);
        expect(category.sellContracts).toBeGreaterThan(0);
        expect(category.openInterestContracts).toBeGreaterThan(0);
        expect(category.buyValue / category.buyContracts).toBeCloseTo(category.sellValue / category.sellContracts, 3);
      }
      expect(row.indexOptions.buyContracts).toBeGreaterThan(row.indexFutures.buyContracts);
    }
  });
});

describe('participant-wise OI', () => {
  const COLUMN_PAIRS: [keyof ParticipantPositions, keyof ParticipantPositions][] = [
    ['futureIndexLong', 'futureIndexShort'],
    ['futureStockLong', 'futureStockShort'],
    ['optionIndexCallLong', 'optionIndexCallShort'],
    ['optionIndexPutLong', 'optionIndexPutShort'],
    ['optionStockCallLong', 'optionStockCallShort'],
    ['optionStockPutLong', 'optionStockPutShort'],
  ];

  it('sums Client, DII, FII and Pro to the total, with long equal to short in every column', () => {
    for (const day of sim.eod.participantOpenInterest(FROM, TO)) {
      const participants = Object.values(day.rows);
      expect(Object.keys(day.rows)).toEqual(['Client', 'DII', 'FII', 'Pro']);
      for (const [long, short] of COLUMN_PAIRS) {
        expect(day.total[long]).toBe(day.total[short]);
        expect(participants.reduce((sum, row) => sum + row[long], 0)).toBe(day.total[long]);
      }
      for (const row of participants) {
        const longs = COLUMN_PAIRS.reduce((sum, [long]) => sum + row[long], 0);
        const shorts = COLUMN_PAIRS.reduce((sum, [, short]) => sum + row[short], 0);
        expect(row.totalLong).toBe(longs);
        expect(row.totalShort).toBe(shorts);
        expect(Object.values(row).every((value) => Number.isInteger(value) && value >= 0)).toBe(true);
      }
      expect(day.total.totalLong).toBe(day.total.totalShort);
      expect(day.total.futureIndexLong).toBeGreaterThan(100_000);
      expect(day.total.optionIndexCallLong).toBeGreaterThan(1_000_000);
    }
  });
});

describe('F&O ban list', () => {
  it('bans from 95 % of the market-wide limit until use falls below 80 %, listing entrants and exits', () => {
    let previous = new Set(sim.eod.banList('2026-08-31').banned);
    let bannedDays = 0;
    for (const date of SESSIONS) {
      const list = sim.eod.banList(date);
      expect(list.date).toBe(date);
      expect(list.securities).toHaveLength(FNO_STOCKS.length);
      const banned = new Set(list.banned);
      expect(new Set(list.entrants)).toEqual(new Set([...banned].filter((symbol) => !previous.has(symbol))));
      expect(new Set(list.exits)).toEqual(new Set([...previous].filter((symbol) => !banned.has(symbol))));
      for (const security of list.securities) {
        if (list.entrants.includes(security.symbol)) expect(security.utilisation).toBeGreaterThan(0.95);
        if (banned.has(security.symbol)) {
          expect(security.utilisation).toBeGreaterThanOrEqual(0.8);
          expect(security.limitForNextDay).toBe(0);
        } else expect(security.utilisation).toBeLessThanOrEqual(0.95);
      }
      expect(list.banned.length).toBeLessThan(20);
      bannedDays += list.banned.length > 0 ? 1 : 0;
      previous = banned;
    }
    expect(bannedDays).toBeGreaterThan(SESSIONS.length / 3);
  });
});

describe('market breadth and sectors', () => {
  it('counts advances, declines and unchanged over every F&O stock', () => {
    for (const day of sim.eod.advanceDecline(FROM, TO)) {
      expect(day.advances + day.declines + day.unchanged).toBe(FNO_STOCKS.length);
    }
  });

  it('finds new 52-week highs and lows on intraday extremes', { timeout: 60_000 }, () => {
    const { date, highs, lows } = sim.eod.highsLows(TO);
    expect(date).toBe(TO);
    expect(highs.length + lows.length).toBeLessThan(FNO_STOCKS.length / 2);
    for (const row of highs) expect(row.price).toBeGreaterThan(row.previous);
    for (const row of lows) expect(row.price).toBeLessThan(row.previous);
  });

  it('reports sector index moves with their constituents', () => {
    const sectors = sim.eod.sectorPerformance(istInstant('2026-11-18', '12:00'));
    const it = sectors.find((row) => row.index === 'NIFTY IT')!;
    expect(it.constituents.length).toBeGreaterThan(5);
    expect(it.advances + it.declines).toBeLessThanOrEqual(it.constituents.length);
    expect(sectors.every((row) => Math.abs(row.changePercent) < 8)).toBe(true);
  });

  it('gives intraday breadth per candle for a filter', () => {
    const points = sim.breadth('nifty', '15m', istInstant('2026-11-18', '09:15'), istInstant('2026-11-18', '15:30'));
    expect(points).toHaveLength(25);
    expect(points.every((point) => point.advances + point.declines + point.unchanged === 50)).toBe(true);
  });

  it('counts new day highs and lows per candle from the stocks’ own candles; the first candle only sets the range', () => {
    const from = istInstant('2026-11-18', '09:15');
    const to = istInstant('2026-11-18', '15:30');
    const points = sim.breadth('nifty', '15m', from, to);
    const highs = points.map(() => 0);
    const lows = points.map(() => 0);
    for (const { symbol } of NIFTY_50_CONSTITUENTS) {
      dayExtremes(sim.candles(spotInstrumentToken(symbol), '15m', from, to)).forEach((flag, i) => {
        if (flag.newHigh) highs[i]! += 1;
        if (flag.newLow) lows[i]! += 1;
      });
    }
    expect(points.map((point) => point.newHighs)).toEqual(highs);
    expect(points.map((point) => point.newLows)).toEqual(lows);
    expect(points[0]).toMatchObject({ newHighs: 0, newLows: 0 });
    expect(highs.some((count) => count > 0) && lows.some((count) => count > 0)).toBe(true);
  });
});

describe('futures end of day and rollover', () => {
  it('classifies every near-month future’s build-up from its price and OI change', () => {
    const rows = sim.eod.futures(TO);
    expect(rows).toHaveLength(7 + FNO_STOCKS.length);
    for (const row of rows) expect(row.buildUp).toBe(buildUp(row.changePercent, row.openInterestChangePercent));
    expect(new Set(rows.map((row) => row.buildUp)).size).toBeGreaterThanOrEqual(4);
    expect(buildUp(1, 1)).toBe('Long Build-up');
    expect(buildUp(-1, 1)).toBe('Short Build-up');
    expect(buildUp(1, -1)).toBe('Short Covering');
    expect(buildUp(-1, -1)).toBe('Long Unwinding');
  });

  it('reports rollover with a carry cost a little above zero', () => {
    const rows = sim.eod.rollover(TO);
    expect(rows.length).toBe(7 + FNO_STOCKS.length);
    const nifty = rows.find((row) => row.root === 'NIFTY')!;
    expect(nifty.rolloverCostPercent).toBeGreaterThan(0.1);
    expect(nifty.rolloverCostPercent).toBeLessThan(1.5);
  });
});

describe('seasonality', () => {
  it('gives calendar-month returns over at least ten years', () => {
    const months = sim.eod.seasonality(spotInstrumentToken('NIFTY'), TO);
    expect(months.length).toBeGreaterThanOrEqual(120);
    expect(months[0]).toMatchObject({ year: 2014, month: 1 });
    expect(months.at(-1)).toMatchObject({ year: 2026, month: 11 });
    for (let i = 1; i < months.length; i++) expect(months[i]!.open).toBe(months[i - 1]!.close);
    expect(months.every((month) => Math.abs(month.returnPercent) < 25)).toBe(true);
  });
});
