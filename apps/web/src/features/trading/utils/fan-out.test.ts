import { describe, expect, it } from 'vitest';
import { NIFTY_CALL_LINE, tradingAccount } from '../test/trading-fixtures';
import {
  fanOutAccounts,
  fanOutSeverity,
  fanOutStorageKey,
  fanOutSummary,
  terminalFanOutAccounts,
  type FanOutReport,
} from './fan-out';

const KITE_1 = tradingAccount();
const KITE_2 = tradingAccount({ id: 'kite-2', userName: 'CD5678' });
const PAPER = tradingAccount({ id: 'paper-1', type: 'papertrading', userName: 'PT-1' });

const LINE = NIFTY_CALL_LINE;

describe('which accounts a fan-out reaches', () => {
  it('never mixes paper and live: a live fan-out reaches only the accounts that trade live', () => {
    expect(fanOutAccounts([KITE_1, PAPER, KITE_2], 'live').map((a) => a.id)).toEqual(['kite-1', 'kite-2']);
  });

  it('a paper fan-out reaches every account enabled for trading (each trades paper)', () => {
    expect(fanOutAccounts([KITE_1, PAPER], 'paper').map((a) => a.id)).toEqual(['kite-1', 'paper-1']);
  });

  it('the terminal fans out with two accounts of its mode enabled, and trades the one account alone otherwise', () => {
    expect(terminalFanOutAccounts([KITE_1, KITE_2], 'kite-1', 'live')?.map((a) => a.id)).toEqual(['kite-1', 'kite-2']);
    expect(terminalFanOutAccounts([KITE_1], 'kite-1', 'live')).toBeNull();
    // One Zerodha account and Paper Trading: two for paper, but only one trades live.
    expect(terminalFanOutAccounts([KITE_1, PAPER], 'kite-1', 'live')).toBeNull();
    expect(terminalFanOutAccounts([KITE_1, PAPER], 'paper-1', 'paper')?.length).toBe(2);
  });

  it('remembers the switch per user', () => {
    expect(fanOutStorageKey('u-1')).not.toBe(fanOutStorageKey('u-2'));
  });
});

describe('the fan-out toast', () => {
  it('is a success when every account placed', () => {
    const report: FanOutReport = {
      id: 1,
      lines: [
        {
          line: LINE,
          error: null,
          result: {
            mode: 'paper',
            results: [
              { brokerId: 'kite-1', userName: 'AB1234', multiplier: 1, status: 'placed', reason: null, orders: [] },
              { brokerId: 'kite-2', userName: 'CD5678', multiplier: 2, status: 'placed', reason: null, orders: [] },
            ],
          },
        },
      ],
    };
    expect(fanOutSummary(report)).toBe('Fan-out: 2 placed.');
    expect(fanOutSeverity(report)).toBe('success');
  });
});
