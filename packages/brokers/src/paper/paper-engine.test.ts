import { describe, expect, it } from 'vitest';
import { createPaperEngine } from './paper-engine';
import { NIFTY_CALL, NIFTY_FUTURE, RELIANCE_FUTURE, at, bookTick, orderRequest } from './paper-engine.fixtures';
import type { PaperEngine, PaperEngineEvent, PaperFill } from './paper-engine-types';

const fills = (events: PaperEngineEvent[]): PaperFill[] =>
  events.flatMap((event) => (event.type === 'order-filled' ? [event.fill] : []));

function engineWithMarket(): PaperEngine {
  const engine = createPaperEngine();
  engine.apply({ type: 'underlying', at: at('10:00'), root: 'NIFTY', market: { price: 25_000, volatility: 0.14 } });
  return engine;
}

describe('paper engine: MARKET orders', () => {
  it('never fills on a tick from before the order, then walks the opposite depth level by level', () => {
    const engine = engineWithMarket();
    engine.apply({ type: 'ticks', at: at('10:00:01'), ticks: [bookTick(NIFTY_CALL.token, at('10:00:01'), 100)] });
    const placed = engine.apply({
      type: 'place',
      at: at('10:00:02'),
      order: orderRequest({ orderId: 'o1', quantity: 130 }),
    });
    expect(placed.map((e) => e.type)).toContain('order-accepted');
    expect(fills(placed)).toEqual([]);
    // A tick stamped before the order (late delivery) must not fill it.
    const late = engine.apply({
      type: 'ticks',
      at: at('10:00:03'),
      ticks: [bookTick(NIFTY_CALL.token, at('10:00:01.5'), 100)],
    });
    expect(fills(late)).toEqual([]);
    const tick = {
      ...bookTick(NIFTY_CALL.token, at('10:00:03'), 100),
      depth: {
        buy: [{ p: 99.95, q: 65 }],
        sell: [
          { p: 100.05, q: 65 },
          { p: 100.1, q: 650 },
        ],
      },
    };
    const events = engine.apply({ type: 'ticks', at: at('10:00:03'), ticks: [tick] });
    expect(fills(events).map((f) => [f.quantity, f.price])).toEqual([
      [65, 100.05],
      [65, 100.1],
    ]);
    const order = engine.order('o1');
    expect(order?.status).toBe('COMPLETE');
    expect(order?.averagePrice).toBeCloseTo(100.075, 6);
    const position = engine.positions()[0];
    expect(position?.quantity).toBe(130);
    expect(position?.averagePrice).toBeCloseTo(100.075, 6);
  });

  it('without depth fills a tick beyond the last price, never at it', () => {
    const engine = engineWithMarket();
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'o1', side: 'SELL', quantity: 65 }),
    });
    const events = engine.apply({
      type: 'ticks',
      at: at('10:00:01'),
      ticks: [{ token: NIFTY_CALL.token, ts: at('10:00:01'), lp: 100 }],
    });
    expect(fills(events).map((f) => f.price)).toEqual([99.95]);
  });

  it('stops at the protection price and rests the rest there (DAY) or cancels it (IOC)', () => {
    const engine = engineWithMarket();
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'day', quantity: 650, marketProtection: 1 }),
    });
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'ioc', quantity: 650, marketProtection: 1, validity: 'IOC' }),
    });
    const thin = {
      token: NIFTY_CALL.token,
      ts: at('10:00:01'),
      lp: 100,
      depth: {
        buy: [],
        sell: [
          { p: 100.5, q: 130 },
          { p: 101.5, q: 6_500 },
        ],
      },
    };
    const events = engine.apply({ type: 'ticks', at: at('10:00:01'), ticks: [thin] });
    // LTP 100 + 1 % = 101: the 101.5 level is beyond protection.
    expect(fills(events).every((f) => f.price <= 101)).toBe(true);
    expect(engine.order('day')).toMatchObject({ status: 'OPEN', filledQuantity: 130, workingPrice: 101 });
    expect(engine.order('ioc')).toMatchObject({ status: 'CANCELLED', filledQuantity: 0, cancelledQuantity: 650 });
  });
});

describe('paper engine: LIMIT orders', () => {
  it('fills a marketable limit against the depth up to its price, at the better prices', () => {
    const engine = engineWithMarket();
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'o1', orderType: 'LIMIT', price: 100.1, quantity: 1_300 }),
    });
    const events = engine.apply({
      type: 'ticks',
      at: at('10:00:01'),
      ticks: [bookTick(NIFTY_CALL.token, at('10:00:01'), 100, 650)],
    });
    expect(fills(events).map((f) => [f.quantity, f.price])).toEqual([
      [650, 100.05],
      [650, 100.1],
    ]);
  });

  it('rests a limit behind the displayed queue and fills it once trades at its price use the queue up', () => {
    const engine = engineWithMarket();
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'o1', orderType: 'LIMIT', price: 100, quantity: 130 }),
    });
    // Resting at the bid of 100 with 650 displayed ahead.
    expect(
      fills(
        engine.apply({
          type: 'ticks',
          at: at('10:00:01'),
          ticks: [bookTick(NIFTY_CALL.token, at('10:00:01'), 100.05, 650, 10_000)],
        }),
      ),
    ).toEqual([]);
    expect(engine.order('o1')?.queueAhead).toBe(650);
    // 600 trade at 100: the queue shrinks, nothing for us yet.
    expect(
      fills(
        engine.apply({
          type: 'ticks',
          at: at('10:00:02'),
          ticks: [{ token: NIFTY_CALL.token, ts: at('10:00:02'), lp: 100, vt: 10_600 }],
        }),
      ),
    ).toEqual([]);
    // 115 more: 50 finish the queue, 65 fill us.
    const partial = fills(
      engine.apply({
        type: 'ticks',
        at: at('10:00:03'),
        ticks: [{ token: NIFTY_CALL.token, ts: at('10:00:03'), lp: 100, vt: 10_715 }],
      }),
    );
    expect(partial.map((f) => [f.quantity, f.price])).toEqual([[65, 100]]);
    expect(engine.order('o1')?.status).toBe('OPEN');
    // A trade through the limit fills the rest at the limit.
    const rest = fills(
      engine.apply({
        type: 'ticks',
        at: at('10:00:04'),
        ticks: [{ token: NIFTY_CALL.token, ts: at('10:00:04'), lp: 99.9, vt: 10_800 }],
      }),
    );
    expect(rest.map((f) => [f.quantity, f.price])).toEqual([[65, 100]]);
    expect(engine.order('o1')?.status).toBe('COMPLETE');
  });

  it('cancels an IOC limit that cannot fill at once', () => {
    const engine = engineWithMarket();
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'o1', orderType: 'LIMIT', price: 99, validity: 'IOC' }),
    });
    engine.apply({ type: 'ticks', at: at('10:00:01'), ticks: [bookTick(NIFTY_CALL.token, at('10:00:01'), 100)] });
    expect(engine.order('o1')).toMatchObject({ status: 'CANCELLED', cancelledQuantity: 65 });
  });
});

describe('paper engine: stop orders', () => {
  it('triggers an SL on LTP crossing, then fills as a LIMIT at the gap', () => {
    const engine = engineWithMarket();
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'sl', side: 'SELL', orderType: 'SL', triggerPrice: 95, price: 94 }),
    });
    expect(engine.order('sl')?.status).toBe('TRIGGER PENDING');
    expect(
      fills(
        engine.apply({ type: 'ticks', at: at('10:00:01'), ticks: [bookTick(NIFTY_CALL.token, at('10:00:01'), 96)] }),
      ),
    ).toEqual([]);
    const events = engine.apply({
      type: 'ticks',
      at: at('10:00:02'),
      ticks: [bookTick(NIFTY_CALL.token, at('10:00:02'), 94.5)],
    });
    expect(events.some((e) => e.type === 'order-triggered')).toBe(true);
    // The gap: bids from 94.50 down, all above the 94 limit.
    expect(fills(events).map((f) => f.price)).toEqual([94.5]);
  });

  it('triggers an SL-M future into a MARKET order', () => {
    const engine = engineWithMarket();
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'slm', instrument: NIFTY_FUTURE, orderType: 'SL-M', triggerPrice: 25_050 }),
    });
    expect(
      fills(
        engine.apply({
          type: 'ticks',
          at: at('10:00:01'),
          ticks: [bookTick(NIFTY_FUTURE.token, at('10:00:01'), 25_000)],
        }),
      ),
    ).toEqual([]);
    const events = engine.apply({
      type: 'ticks',
      at: at('10:00:02'),
      ticks: [bookTick(NIFTY_FUTURE.token, at('10:00:02'), 25_060)],
    });
    expect(fills(events).map((f) => f.price)).toEqual([25_060.05]);
  });
});

describe('paper engine: feed health and exactly-once', () => {
  it('fills nothing while the feed is stale or from a stale tick', () => {
    const engine = engineWithMarket();
    engine.apply({ type: 'place', at: at('10:00'), order: orderRequest({ orderId: 'o1' }) });
    engine.apply({ type: 'feed', at: at('10:00:01'), stale: true });
    expect(
      fills(
        engine.apply({ type: 'ticks', at: at('10:00:02'), ticks: [bookTick(NIFTY_CALL.token, at('10:00:02'), 100)] }),
      ),
    ).toEqual([]);
    engine.apply({ type: 'feed', at: at('10:00:03'), stale: false });
    // Delivered 30 s after its exchange time: too old to trade on.
    expect(
      fills(
        engine.apply({ type: 'ticks', at: at('10:00:40'), ticks: [bookTick(NIFTY_CALL.token, at('10:00:10'), 100)] }),
      ),
    ).toEqual([]);
    expect(
      fills(
        engine.apply({ type: 'ticks', at: at('10:00:41'), ticks: [bookTick(NIFTY_CALL.token, at('10:00:41'), 100)] }),
      ),
    ).toHaveLength(1);
  });

  it('applies a repeated order, tick or modification once', () => {
    const engine = engineWithMarket();
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'o1', orderType: 'LIMIT', price: 90 }),
    });
    const again = engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'o1', orderType: 'LIMIT', price: 90 }),
    });
    expect(again).toEqual([expect.objectContaining({ type: 'order-rejected', code: 'DUPLICATE_ORDER' })]);
    const modify = {
      type: 'modify',
      at: at('10:00:01'),
      eventId: 'm1',
      orderId: 'o1',
      changes: { price: 100.05 },
    } as const;
    engine.apply(modify);
    engine.apply(modify);
    expect(engine.order('o1')?.modifications).toBe(1);
    const tick = bookTick(NIFTY_CALL.token, at('10:00:02'), 100);
    expect(fills(engine.apply({ type: 'ticks', at: at('10:00:02'), ticks: [tick] }))).toHaveLength(1);
    expect(fills(engine.apply({ type: 'ticks', at: at('10:00:02'), ticks: [tick] }))).toEqual([]);
    expect(engine.positions()[0]?.quantity).toBe(65);
  });

  it('names the tokens it needs ticks for: working orders and open positions', () => {
    const engine = engineWithMarket();
    engine.apply({ type: 'place', at: at('10:00'), order: orderRequest({ orderId: 'o1' }) });
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'o2', instrument: NIFTY_FUTURE, orderType: 'LIMIT', price: 20_000 }),
    });
    expect(engine.watchedTokens()).toEqual([NIFTY_CALL.token, NIFTY_FUTURE.token]);
    engine.apply({ type: 'cancel', at: at('10:00:01'), orderId: 'o2' });
    engine.apply({ type: 'ticks', at: at('10:00:01'), ticks: [bookTick(NIFTY_CALL.token, at('10:00:01'), 100)] });
    expect(engine.watchedTokens()).toEqual([NIFTY_CALL.token]);
  });

  it('refuses the 26th modification and modifications of finished orders', () => {
    const engine = engineWithMarket();
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'o1', orderType: 'LIMIT', price: 90 }),
    });
    for (let i = 0; i < 25; i++) {
      engine.apply({
        type: 'modify',
        at: at('10:00:01'),
        eventId: `m${i}`,
        orderId: 'o1',
        changes: { price: 90 + (i % 2) * 0.05 },
      });
    }
    const last = engine.apply({
      type: 'modify',
      at: at('10:00:02'),
      eventId: 'm25',
      orderId: 'o1',
      changes: { price: 91 },
    });
    expect(last).toEqual([expect.objectContaining({ code: 'MODIFY_LIMIT' })]);
    engine.apply({ type: 'cancel', at: at('10:00:03'), orderId: 'o1' });
    expect(engine.order('o1')?.status).toBe('CANCELLED');
    expect(engine.apply({ type: 'cancel', at: at('10:00:04'), orderId: 'o1' })).toEqual([
      expect.objectContaining({ code: 'ORDER_NOT_OPEN' }),
    ]);
  });

  it('continues from a snapshot exactly as the uninterrupted book', () => {
    const inputs = [
      {
        type: 'place',
        at: at('10:00'),
        order: orderRequest({ orderId: 'a', orderType: 'LIMIT', price: 100, quantity: 130 }),
      },
      { type: 'ticks', at: at('10:00:01'), ticks: [bookTick(NIFTY_CALL.token, at('10:00:01'), 100.05, 65, 1_000)] },
      {
        type: 'ticks',
        at: at('10:00:02'),
        ticks: [{ token: NIFTY_CALL.token, ts: at('10:00:02'), lp: 100, vt: 1_200 }],
      },
      { type: 'place', at: at('10:00:03'), order: orderRequest({ orderId: 'b', side: 'SELL', quantity: 65 }) },
      { type: 'ticks', at: at('10:00:04'), ticks: [bookTick(NIFTY_CALL.token, at('10:00:04'), 99.9)] },
    ] as const;
    const whole = engineWithMarket();
    for (const input of inputs) whole.apply(input);
    const first = engineWithMarket();
    for (const input of inputs.slice(0, 2)) first.apply(input);
    const resumed = createPaperEngine({
      state: JSON.parse(JSON.stringify(first.snapshot())) as ReturnType<PaperEngine['snapshot']>,
    });
    for (const input of inputs.slice(2)) resumed.apply(input);
    expect(resumed.snapshot()).toEqual(whole.snapshot());
    expect(whole.positions()[0]?.quantity).toBe(65);
  });
});

describe('paper engine: money', () => {
  it('charges every fill and moves cash by the option premium', () => {
    const engine = engineWithMarket();
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'buy', orderType: 'LIMIT', price: 100.05 }),
    });
    const bought = fills(
      engine.apply({ type: 'ticks', at: at('10:00:01'), ticks: [bookTick(NIFTY_CALL.token, at('10:00:01'), 100)] }),
    );
    expect(bought[0]?.charges).toBeGreaterThan(20);
    const afterBuy = engine.funds();
    expect(afterBuy.cash).toBeCloseTo(1_000_000 - 65 * 100.05 - (bought[0]?.charges ?? 0), 2);
    engine.apply({
      type: 'place',
      at: at('10:01'),
      order: orderRequest({ orderId: 'sell', side: 'SELL', orderType: 'LIMIT', price: 109.95 }),
    });
    const sold = fills(
      engine.apply({ type: 'ticks', at: at('10:01:01'), ticks: [bookTick(NIFTY_CALL.token, at('10:01:01'), 110)] }),
    );
    const funds = engine.funds();
    // The sell limit at 109.95 meets a 110 bid: it fills at the better price.
    expect(sold.map((f) => f.price)).toEqual([110]);
    expect(funds.realisedPnl).toBeCloseTo(65 * (110 - 100.05), 2);
    const totalCharges = (bought[0]?.charges ?? 0) + (sold[0]?.charges ?? 0);
    expect(funds.charges).toBeCloseTo(totalCharges, 2);
    expect(funds.cash).toBeCloseTo(1_000_000 + funds.realisedPnl - totalCharges, 2);
    expect(funds.blockedMargin).toBe(0);
    const position = engine.positions()[0];
    expect(position?.netPnl).toBeCloseTo(position!.grossPnl - totalCharges, 2);
  });

  it('blocks margin for a pending short, releases it on cancel and refuses what cash cannot cover', () => {
    const engine = engineWithMarket();
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 's1', side: 'SELL', orderType: 'LIMIT', price: 250 }),
    });
    const blocked = engine.funds().blockedMargin;
    expect(blocked).toBeGreaterThan(90_000);
    expect(blocked).toBeLessThan(180_000);
    engine.apply({ type: 'cancel', at: at('10:00:01'), orderId: 's1' });
    expect(engine.funds().blockedMargin).toBe(0);
    const big = engine.apply({
      type: 'place',
      at: at('10:00:02'),
      order: orderRequest({ orderId: 's2', side: 'SELL', orderType: 'LIMIT', price: 250, quantity: 65 * 20 }),
    });
    expect(big).toEqual([expect.objectContaining({ type: 'order-rejected', code: 'INSUFFICIENT_MARGIN' })]);
    expect(engine.order('s2')?.status).toBe('REJECTED');
    expect(engine.funds().blockedMargin).toBe(0);
  });

  it('takes a pending exit of a long option position without margining it as a fresh short', () => {
    const engine = engineWithMarket();
    engine.apply({ type: 'ticks', at: at('10:00:01'), ticks: [bookTick(NIFTY_CALL.token, at('10:00:01'), 100)] });
    engine.apply({ type: 'place', at: at('10:00:02'), order: orderRequest({ orderId: 'b1', quantity: 65 * 40 }) });
    const deep = {
      ...bookTick(NIFTY_CALL.token, at('10:00:03'), 100),
      depth: { buy: [{ p: 99.95, q: 65 * 40 }], sell: [{ p: 100.05, q: 65 * 40 }] },
    };
    engine.apply({ type: 'ticks', at: at('10:00:03'), ticks: [deep] });
    expect(engine.order('b1')?.status).toBe('COMPLETE');
    // ₹2.6 lakh of premium paid; the exit's sell side alone would carry about ₹13 lakh of exposure margin.
    const exit = engine.apply({
      type: 'place',
      at: at('10:00:04'),
      order: orderRequest({ orderId: 'x1', side: 'SELL', orderType: 'LIMIT', price: 250, quantity: 65 * 40 }),
    });
    expect(exit.map((e) => e.type)).toContain('order-accepted');
    expect(engine.order('x1')?.status).toBe('OPEN');
    expect(engine.funds().blockedMargin).toBe(0);
  });

  it('starts with ₹10,00,000, takes a configured capital and resets once per reset event', () => {
    expect(createPaperEngine().funds().capital).toBe(1_000_000);
    const engine = createPaperEngine({ config: { capital: 500_000 } });
    expect(engine.funds().cash).toBe(500_000);
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'o1', orderType: 'LIMIT', price: 90 }),
    });
    const reset = engine.apply({ type: 'reset', at: at('10:01'), eventId: 'r1', capital: 2_000_000 });
    expect(reset).toContainEqual(expect.objectContaining({ type: 'order-cancelled', reason: 'reset' }));
    engine.apply({ type: 'reset', at: at('10:02'), eventId: 'r1', capital: 3_000_000 });
    expect(engine.funds()).toMatchObject({ capital: 2_000_000, cash: 2_000_000, blockedMargin: 0 });
    expect(engine.orders()).toEqual([]);
  });
});

describe('paper engine: time', () => {
  it('queues an AMO to the next open', () => {
    const engine = engineWithMarket();
    engine.apply({
      type: 'place',
      at: at('16:00'),
      order: orderRequest({ orderId: 'amo', variety: 'amo', orderType: 'LIMIT', price: 100.1 }),
    });
    expect(engine.order('amo')?.status).toBe('AMO REQ RECEIVED');
    expect(
      fills(engine.apply({ type: 'ticks', at: at('16:10'), ticks: [bookTick(NIFTY_CALL.token, at('16:10'), 100)] })),
    ).toEqual([]);
    engine.apply({ type: 'time', at: at('09:15', '2026-11-20') });
    expect(engine.order('amo')?.status).toBe('OPEN');
    const events = engine.apply({
      type: 'ticks',
      at: at('09:15:01', '2026-11-20'),
      ticks: [bookTick(NIFTY_CALL.token, at('09:15:01', '2026-11-20'), 100)],
    });
    expect(fills(events)).toHaveLength(1);
  });

  it("starts a new day's book without the earlier days' finished orders and closed positions", () => {
    const engine = engineWithMarket();
    engine.apply({ type: 'place', at: at('10:00'), order: orderRequest({ orderId: 'in' }) });
    engine.apply({ type: 'place', at: at('10:00'), order: orderRequest({ orderId: 'fut', instrument: NIFTY_FUTURE }) });
    engine.apply({
      type: 'ticks',
      at: at('10:00:01'),
      ticks: [bookTick(NIFTY_CALL.token, at('10:00:01'), 100), bookTick(NIFTY_FUTURE.token, at('10:00:01'), 25_000)],
    });
    engine.apply({ type: 'place', at: at('10:01'), order: orderRequest({ orderId: 'out', side: 'SELL' }) });
    engine.apply({ type: 'ticks', at: at('10:01:01'), ticks: [bookTick(NIFTY_CALL.token, at('10:01:01'), 101)] });
    engine.apply({
      type: 'place',
      at: at('10:02'),
      order: orderRequest({ orderId: 'rest', orderType: 'LIMIT', price: 50 }),
    });
    const realised = engine.funds().realisedPnl;
    expect(engine.orders()).toHaveLength(4);
    engine.apply({ type: 'time', at: at('09:00', '2026-11-20') });
    // The DAY limit was cancelled at yesterday's close and leaves with the filled orders; the open future stays.
    expect(engine.orders()).toEqual([]);
    expect(engine.positions().map((p) => p.instrument.token)).toEqual([NIFTY_FUTURE.token]);
    expect(engine.funds().realisedPnl).toBe(realised);
  });

  it('cancels DAY orders at the close', () => {
    const engine = engineWithMarket();
    engine.apply({
      type: 'place',
      at: at('15:00'),
      order: orderRequest({ orderId: 'o1', orderType: 'LIMIT', price: 90 }),
    });
    engine.apply({ type: 'time', at: at('15:39:59') });
    expect(engine.order('o1')?.status).toBe('OPEN');
    const events = engine.apply({ type: 'time', at: at('15:40') });
    expect(events).toContainEqual(expect.objectContaining({ type: 'order-cancelled', reason: 'day-end' }));
  });

  it('squares off MIS 5 minutes before the 15:40 close: cancels pending MIS, exits with the ₹59 fee, refuses new MIS', () => {
    const engine = engineWithMarket();
    engine.apply({ type: 'place', at: at('15:00'), order: orderRequest({ orderId: 'in', product: 'MIS' }) });
    engine.apply({ type: 'ticks', at: at('15:00:01'), ticks: [bookTick(NIFTY_CALL.token, at('15:00:01'), 100)] });
    engine.apply({
      type: 'place',
      at: at('15:10'),
      order: orderRequest({ orderId: 'pending', product: 'MIS', orderType: 'LIMIT', price: 80 }),
    });
    const events = engine.apply({ type: 'time', at: at('15:35') });
    expect(events).toContainEqual(expect.objectContaining({ type: 'order-cancelled', reason: 'square-off' }));
    const exit = events.find((e) => e.type === 'order-accepted');
    expect(exit?.type === 'order-accepted' && exit.order.side).toBe('SELL');
    const exitFills = fills(
      engine.apply({ type: 'ticks', at: at('15:35:01'), ticks: [bookTick(NIFTY_CALL.token, at('15:35:01'), 101)] }),
    );
    expect(exitFills).toHaveLength(1);
    expect(exitFills[0]?.charges).toBeGreaterThan(59);
    expect(engine.positions()[0]?.quantity).toBe(0);
    const late = engine.apply({
      type: 'place',
      at: at('15:36'),
      order: orderRequest({ orderId: 'late', product: 'MIS' }),
    });
    expect(late).toContainEqual(expect.objectContaining({ code: 'MIS_SQUARED_OFF' }));
  });

  it('settles index options in cash at the final settlement price with exercise STT, and futures at it', () => {
    const engine = engineWithMarket();
    engine.apply({ type: 'place', at: at('10:00'), order: orderRequest({ orderId: 'call' }) });
    engine.apply({
      type: 'place',
      at: at('10:00'),
      order: orderRequest({ orderId: 'fut', instrument: NIFTY_FUTURE, side: 'SELL' }),
    });
    engine.apply({
      type: 'ticks',
      at: at('10:00:01'),
      ticks: [bookTick(NIFTY_CALL.token, at('10:00:01'), 100), bookTick(NIFTY_FUTURE.token, at('10:00:01'), 25_000)],
    });
    const callCost = engine.positions().find((p) => p.instrument.token === NIFTY_CALL.token)!.averagePrice;
    const before = engine.funds();
    const events = engine.apply({
      type: 'settle-expiry',
      at: at('15:45', '2026-11-23'),
      expiry: '2026-11-23',
      settlementPrices: { NIFTY: 25_200 },
    });
    const settled = events.filter((e) => e.type === 'expiry-settled');
    expect(settled).toHaveLength(1);
    const call = engine.positions().find((p) => p.instrument.token === NIFTY_CALL.token)!;
    expect(call.quantity).toBe(0);
    expect(call.realisedPnl).toBeCloseTo(65 * (200 - callCost), 2);
    // Exercise STT: 0.15 % of 200 × 65 = ₹19.50.
    expect(engine.funds().charges - before.charges).toBeCloseTo(19.5, 2);
    expect(engine.funds().cash - before.cash).toBeCloseTo(65 * 200 - 19.5, 2);
    // The future expires later and is untouched; settling it uses the settlement price.
    engine.apply({
      type: 'settle-expiry',
      at: at('15:45', '2026-11-26'),
      expiry: '2026-11-26',
      settlementPrices: { NIFTY: 24_900 },
    });
    const future = engine.positions().find((p) => p.instrument.token === NIFTY_FUTURE.token)!;
    expect(future.quantity).toBe(0);
    expect(future.realisedPnl).toBeCloseTo(65 * (future.sellValue / 65 - 24_900), 2);
  });

  it('does not carry stock futures into expiry day: squares them off the day before and refuses new exposure', () => {
    const engine = createPaperEngine();
    engine.apply({
      type: 'underlying',
      at: at('10:00', '2026-11-25'),
      root: 'RELIANCE',
      market: { price: 1_400, volatility: 0.25 },
    });
    engine.apply({
      type: 'place',
      at: at('10:00', '2026-11-25'),
      order: orderRequest({ orderId: 'r', instrument: RELIANCE_FUTURE, quantity: 500 }),
    });
    engine.apply({
      type: 'ticks',
      at: at('10:00:01', '2026-11-25'),
      ticks: [bookTick(RELIANCE_FUTURE.token, at('10:00:01', '2026-11-25'), 1_400)],
    });
    expect(engine.positions()[0]?.quantity).toBe(500);
    engine.apply({ type: 'time', at: at('15:35', '2026-11-25') });
    engine.apply({
      type: 'ticks',
      at: at('15:35:01', '2026-11-25'),
      ticks: [bookTick(RELIANCE_FUTURE.token, at('15:35:01', '2026-11-25'), 1_401)],
    });
    expect(engine.positions()[0]?.quantity).toBe(0);
    const refused = engine.apply({
      type: 'place',
      at: at('09:20', '2026-11-26'),
      order: orderRequest({ orderId: 'r2', instrument: RELIANCE_FUTURE, quantity: 500 }),
    });
    expect(refused).toContainEqual(expect.objectContaining({ code: 'PHYSICAL_SETTLEMENT_BLOCKED' }));
  });
});
