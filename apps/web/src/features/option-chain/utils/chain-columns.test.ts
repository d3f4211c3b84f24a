import { describe, expect, it } from 'vitest';
import {
  CHAIN_COLUMNS,
  filterChainRows,
  formatCell,
  hasFilters,
  NO_FILTERS,
  visibleColumns,
  type ChainColumn,
} from './chain-columns';
import { chainTableRows } from './chain-table-rows';
import { sampleChain } from './chain-test-fixtures';

const column = (id: string): ChainColumn => {
  const found = CHAIN_COLUMNS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no column ${id}`);
  return found;
};
const rows = () =>
  chainTableRows({ chain: sampleChain(), ticks: new Map(), period: '1D', references: null, underlying: 24_480 });
const core = visibleColumns({ iv: false, greeks: false });
const strikesOf = (filtered: readonly { strike: number }[]) => filtered.map((row) => row.strike);

describe('option-chain columns', () => {
  it('lists the spec’s columns for each side, calls mirrored around the strike and PCR', () => {
    expect(core.map((c) => c.label)).toEqual([
      'Calls Volume',
      'Calls OI Chg %',
      'Calls OI Chg',
      'Calls OI',
      'Calls LTP Chg %',
      'Calls LTP Chg',
      'Calls LTP',
      'Calls ATP',
      'Strike',
      'PCR',
      'Puts ATP',
      'Puts LTP',
      'Puts LTP Chg',
      'Puts LTP Chg %',
      'Puts OI',
      'Puts OI Chg',
      'Puts OI Chg %',
      'Puts Volume',
    ]);
  });

  it('IV and the greeks appear with their switches', () => {
    expect(visibleColumns({ iv: true, greeks: false })).toHaveLength(core.length + 2);
    expect(visibleColumns({ iv: true, greeks: true })).toHaveLength(core.length + 10);
  });

  it('writes OI and volume in K / L / Cr (spec §9) and prices with Indian grouping', () => {
    expect(formatCell(column('ce.oi'), 1_50_000)).toBe('1.50L');
    expect(formatCell(column('ce.volume'), 2_50_00_000)).toBe('2.50Cr');
    expect(formatCell(column('pe.oiChange'), -12_345)).toBe('-12.35K');
    expect(formatCell(column('pe.oi'), 750)).toBe('750');
    expect(formatCell(column('strike'), 24_500)).toBe('24,500');
    expect(formatCell(column('strike'), 1_242.5)).toBe('1,242.50');
    expect(formatCell(column('ce.ltp'), 1_242)).toBe('1,242.00');
    expect(formatCell(column('ce.ltpChangePercent'), 3.456)).toBe('3.46%');
    expect(formatCell(column('ce.ltp'), null)).toBe('–');
  });
});

describe('option-chain table filters (spec §2.9)', () => {
  it('">1000" on a column keeps the rows above it', () => {
    const filtered = filterChainRows(rows(), core, { columns: { 'ce.oi': '>100000' }, text: '' });
    expect(strikesOf(filtered)).toEqual([24_500, 24_600]);
  });

  it('"<=5" compares the value as shown', () => {
    const filtered = filterChainRows(rows(), core, { columns: { 'pe.ltpChange': '<=5' }, text: '' });
    expect(strikesOf(filtered)).toEqual([24_400, 24_500, 24_600]);
    expect(strikesOf(filterChainRows(rows(), core, { columns: { 'ce.ltp': '<=120' }, text: '' }))).toEqual([
      24_500, 24_600,
    ]);
  });

  it('"=0" finds a value that reads 0.00', () => {
    const data = rows();
    data[1]!.ce.ltpChange = 0.001;
    data[2]!.ce.ltpChange = 0.01;
    const filtered = filterChainRows(data, core, { columns: { 'ce.ltpChange': '=0' }, text: '' });
    expect(strikesOf(filtered)).toEqual([24_500]);
  });

  it('filters on several columns together keep rows passing all of them', () => {
    const filtered = filterChainRows(rows(), core, { columns: { 'ce.oi': '>=200000', 'pe.oi': '>150000' }, text: '' });
    expect(strikesOf(filtered)).toEqual([24_500]);
  });

  it('the text filter matches the strike or either trading symbol, ignoring case', () => {
    expect(strikesOf(filterChainRows(rows(), core, { columns: {}, text: 'nov24600pe' }))).toEqual([24_600]);
    expect(strikesOf(filterChainRows(rows(), core, { columns: {}, text: '244' }))).toEqual([24_400]);
    expect(filterChainRows(rows(), core, { columns: {}, text: 'BANKNIFTY' })).toEqual([]);
  });

  it('a filter of a hidden column hides no rows', () => {
    const filtered = filterChainRows(rows(), core, { columns: { 'ce.delta': '>0.9' }, text: '' });
    expect(filtered).toHaveLength(3);
  });

  it('an invalid filter text hides no rows', () => {
    expect(filterChainRows(rows(), core, { columns: { 'ce.oi': '>>' }, text: '' })).toHaveLength(3);
  });

  it('knows when any filter is set', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ columns: { 'ce.oi': ' ' }, text: '' })).toBe(false);
    expect(hasFilters({ columns: { 'ce.oi': '>1' }, text: '' })).toBe(true);
    expect(hasFilters({ columns: {}, text: 'x' })).toBe(true);
  });
});
