import { describe, expect, it } from 'vitest';
import { parseKiteText } from './kite-text.parser';

describe('Kite text messages', () => {
  it('surfaces an order update with its postback payload', () => {
    const data = { order_id: '151220000000000', status: 'COMPLETE', tradingsymbol: 'NIFTY26NOVFUT' };
    expect(parseKiteText(JSON.stringify({ type: 'order', data }))).toEqual({ kind: 'order', data });
  });

  it('surfaces a ticker error with its text', () => {
    expect(parseKiteText('{"type":"error","data":"Invalid mode"}')).toEqual({ kind: 'error', message: 'Invalid mode' });
  });

  it('surfaces a broadcast message', () => {
    expect(parseKiteText('{"type":"message","data":"Markets open at 09:15"}')).toEqual({
      kind: 'message',
      data: 'Markets open at 09:15',
    });
  });

  it('keeps a type it does not know, with its data', () => {
    expect(parseKiteText('{"type":"instruments_meta","data":{"count":1}}')).toEqual({
      kind: 'other',
      type: 'instruments_meta',
      data: { count: 1 },
    });
  });

  it.each(['not json', '[1,2]', '"order"', 'null', '{"data":1}', '{"type":7}'])('rejects %s', (text) => {
    expect(parseKiteText(text)).toBeNull();
  });
});
