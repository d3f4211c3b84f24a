import { createFakeClock, istInstant, sessionOn } from '@fnodesk/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { getPeriodCandles } from './get-candles-batch';

const TOKEN = 256265;
const candle = (t: number) => ({ t, o: 1, h: 1, l: 1, c: 1, v: 0, atp: 1, oi: 0 });

afterEach(() => vi.unstubAllGlobals());

describe('getPeriodCandles', () => {
  const friday = sessionOn('2026-11-27', 'NSE')!;
  const thursday = sessionOn('2026-11-26', 'NSE')!;

  it("asks once when the data served has reached the open of today's session", async () => {
    const api = mockApi({
      'GET /data/v1/candles': {
        data: [{ token: TOKEN, candles: [candle(friday.open)] }],
        meta: { tier: 'delayed', delayMs: 1_800_000, asOf: istInstant('2026-11-27', '09:30') },
      },
    });
    const clock = createFakeClock(istInstant('2026-11-27', '10:00'));
    const batch = await getPeriodCandles({ tokens: [TOKEN], resolution: '5m', period: '1D', exchange: 'NSE' }, clock);
    expect(api.calls('GET /data/v1/candles')).toHaveLength(1);
    expect(batch.candles.get(TOKEN)).toHaveLength(1);
  });

  it('asks again for the previous session while a delayed tier is served from before the open', async () => {
    const api = mockApi({
      'GET /data/v1/candles': (request) => ({
        data: [
          {
            token: TOKEN,
            candles: Number(request.query.get('from')) < friday.open - 3_600_000 ? [candle(thursday.open)] : [],
          },
        ],
        meta: { tier: 'delayed', delayMs: 1_800_000, asOf: istInstant('2026-11-27', '09:10') },
      }),
    });
    const clock = createFakeClock(istInstant('2026-11-27', '09:40'));
    const batch = await getPeriodCandles({ tokens: [TOKEN], resolution: '5m', period: '1D', exchange: 'NSE' }, clock);
    const calls = api.calls('GET /data/v1/candles');
    expect(calls).toHaveLength(2);
    expect(Number(calls[0]!.query.get('from'))).toBe(friday.preOpenStart);
    expect(Number(calls[1]!.query.get('from'))).toBe(thursday.preOpenStart);
    expect(Number(calls[1]!.query.get('to'))).toBe(thursday.close - 1_000);
    expect(batch.candles.get(TOKEN)).toEqual([candle(thursday.open)]);
  });
});
