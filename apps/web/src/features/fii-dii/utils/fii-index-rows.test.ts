import { describe, expect, it } from 'vitest';
import { fiiActivityRows, type FiiDerivativesSession } from './fii-index-rows';

const activity = (buy: number, sell: number, oi: number) => ({
  buyContracts: buy,
  buyValue: buy / 10,
  sellContracts: sell,
  sellValue: sell / 10,
  openInterestContracts: oi,
  openInterestValue: oi / 10,
});

const session = (date: string, buy: number, sell: number, oi: number): FiiDerivativesSession => ({
  date,
  indexFutures: activity(buy, sell, oi),
  indexOptions: activity(2 * buy, sell, 3 * oi),
  stockFutures: activity(1, 1, 1),
  stockOptions: activity(1, 1, 1),
  indices: [],
});

describe('FII index activity rows', () => {
  it('net contracts are bought less sold, and the arrows compare with the previous session', () => {
    const rows = fiiActivityRows(
      [session('2025-02-10', 100, 80, 1_000), session('2025-02-11', 50, 90, 900)],
      ['indexFutures'],
    );
    expect(rows).toHaveLength(2);
    const [today, before] = rows;
    expect(today?.netContracts).toBe(-40);
    expect(today?.netContractsChange).toBe(-60);
    expect(today?.contractsDirection).toBe('down');
    expect(today?.openInterestChange).toBe(-100);
    expect(today?.oiDirection).toBe('down');
    expect(today?.netValue).toBe(-4);
    expect(before?.netContractsChange).toBeNull();
  });

  it('shows only the chosen segments, in the segments’ order', () => {
    const rows = fiiActivityRows([session('2025-02-10', 100, 80, 1_000)], ['indexOptions', 'indexFutures']);
    expect(rows.map((row) => row.type)).toEqual(['INDEX OPTIONS', 'INDEX FUTURES']);
    expect(rows.find((row) => row.segment === 'indexOptions')?.netContracts).toBe(120);
  });
});
