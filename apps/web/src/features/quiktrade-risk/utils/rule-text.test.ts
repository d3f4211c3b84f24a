import { describe, expect, it } from 'vitest';
import { actionText, conditionText, parseStrike, strikeText } from './rule-text';

describe('rule texts', () => {
  it('reads ATM ± k and strike prices, and refuses anything else', () => {
    expect(parseStrike('atm')).toEqual({ kind: 'atm', offset: 0 });
    expect(parseStrike('ATM + 2')).toEqual({ kind: 'atm', offset: 2 });
    expect(parseStrike('ATM-1')).toEqual({ kind: 'atm', offset: -1 });
    expect(parseStrike('23,050')).toEqual({ kind: 'absolute', strike: 23050 });
    expect(parseStrike('ATM*2')).toBeNull();
    expect(parseStrike('')).toBeNull();
  });

  it('describes a condition and an order row in the Indian grouping', () => {
    expect(
      conditionText({
        source: 'COMBINED',
        strike: { kind: 'absolute', strike: 23050 },
        comparator: 'GE',
        value: 200,
        waitTicks: 3,
      }),
    ).toBe('COMBINED LTP 23,050 GE 200.00 for 3 ticks');
    expect(conditionText({ source: 'TIME', comparator: 'EQ', time: '10:15', waitTicks: 1 })).toBe('TIME EQ 10:15');
    expect(actionText({ side: 'BUY', type: 'PE', strike: { kind: 'atm', offset: -1 }, lots: 2 })).toBe(
      'BUY 2 lots PE ATM-1',
    );
    expect(actionText({ side: 'SELL', type: 'FUT', lots: 1 })).toBe('SELL 1 lot FUT');
    expect(strikeText({ kind: 'atm', offset: 0 })).toBe('ATM');
  });
});
