import { istInstant } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { visibleColumns } from './chain-columns';
import { chainCsv, chainCsvFileName } from './chain-csv';
import { chainTableRows } from './chain-table-rows';
import { sampleChain } from './chain-test-fixtures';

const rows = () =>
  chainTableRows({ chain: sampleChain(), ticks: new Map(), period: '1D', references: null, underlying: 24_480 });

describe('CSV export of the visible table', () => {
  it('has a header of the shown columns between the two symbols and one line per visible row', () => {
    const columns = visibleColumns({ iv: false, greeks: false });
    const lines = chainCsv(rows().slice(0, 2), columns).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(`Calls Symbol,${columns.map((c) => c.label).join(',')},Puts Symbol`);
    expect(lines[3]).toBe('');
  });

  it('writes plain numbers rounded as shown, and nothing for a missing value', () => {
    const data = rows();
    data[0]!.ce.ltpChangePercent = 11.111_11;
    data[0]!.ce.volume = null;
    const columns = visibleColumns({ iv: false, greeks: false });
    const [, first] = chainCsv(data, columns).split('\r\n');
    const fields = first!.split(',');
    expect(fields[0]).toBe('NIFTY26NOV24400CE');
    expect(fields[1]).toBe('');
    expect(fields.at(-1)).toBe('NIFTY26NOV24400PE');
    expect(fields).toContain('11.11');
    expect(fields).toContain('100000');
    expect(fields).toContain('24400');
  });

  it('quotes fields holding commas or quotes and neutralises formula-looking text', () => {
    const data = rows().slice(0, 1);
    data[0]!.ce.tradingSymbol = 'A,"B"';
    data[0]!.pe.tradingSymbol = '=1+1';
    const [, first] = chainCsv(data, []).split('\r\n');
    expect(first).toBe(`"A,""B""",'=1+1`);
  });

  it('names the file after the instrument, the expiry and the IST minute of the data', () => {
    expect(chainCsvFileName('NIFTY', '2026-11-24', istInstant('2026-11-20', '15:29'))).toBe(
      'NIFTY-2026-11-24-at-2026-11-20-1529.csv',
    );
    expect(chainCsvFileName('M&M', '2026-11-24', istInstant('2026-11-20', '09:05'))).toBe(
      'M_M-2026-11-24-at-2026-11-20-0905.csv',
    );
  });
});
