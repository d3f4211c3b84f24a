// Properties of the matching engine over any interleaving of orders, modifications, cancellations, ticks, feed
// outages and time (fast-check; fixed seed, printed by fast-check on failure so a run replays).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPaperEngine } from './paper-engine';
import { NIFTY_CALL, NIFTY_FUTURE, at, bookTick, orderRequest } from './paper-engine.fixtures';
import type { PaperEngine, PaperEngineInput, PaperFill, PaperInstrument } from './paper-engine-types';

type Action =
  | {
      kind: 'place';
      future: boolean;
      buy: boolean;
      type: 0 | 1 | 2 | 3;
      lots: number;
      offsetTicks: number;
      ioc: boolean;
      mis: boolean;
    }
  | { kind: 'cancel'; pick: number }
  | { kind: 'modify'; pick: number; offsetTicks: number; lots: number }
  | { kind: 'tick'; future: boolean; moveTicks: number; depth: boolean; traded: number; lateMs: number }
  | { kind: 'stale'; stale: boolean }
  | { kind: 'wait'; ms: number };

const placeAction: fc.Arbitrary<Action> = fc.record({
  kind: fc.constant('place' as const),
  future: fc.boolean(),
  buy: fc.boolean(),
  type: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const),
  lots: fc.integer({ min: 1, max: 4 }),
  offsetTicks: fc.integer({ min: -20, max: 20 }),
  ioc: fc.boolean(),
  mis: fc.boolean(),
});
const modifyAction: fc.Arbitrary<Action> = fc.record({
  kind: fc.constant('modify' as const),
  pick: fc.nat(),
  offsetTicks: fc.integer({ min: -20, max: 20 }),
  lots: fc.integer({ min: 1, max: 4 }),
});
const tickAction: fc.Arbitrary<Action> = fc.record({
  kind: fc.constant('tick' as const),
  future: fc.boolean(),
  moveTicks: fc.integer({ min: -30, max: 30 }),
  depth: fc.boolean(),
  traded: fc.integer({ min: 0, max: 400 }),
  lateMs: fc.constantFrom(0, 0, 0, 500, 20_000),
});
// Ticks and orders dominate, as in a session; outages, waits, cancels and modifications interleave.
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: placeAction, weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: modifyAction, weight: 1 },
  { arbitrary: tickAction, weight: 8 },
  { arbitrary: fc.record({ kind: fc.constant('stale' as const), stale: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 5_000 }) }), weight: 1 },
);

interface World {
  engine: PaperEngine;
  now: number;
  lp: Map<number, number>;
  vt: Map<number, number>;
  orderIds: string[];
  fills: PaperFill[];
}

const TICK = 0.05;
const onTick = (price: number): number => Number((Math.max(1, Math.round(price / TICK)) * TICK).toFixed(2));

function run(world: World, a: Action, index: number): void {
  const { engine } = world;
  world.now += 100;
  const apply = (input: PaperEngineInput): void => {
    for (const event of engine.apply(input)) if (event.type === 'order-filled') world.fills.push(event.fill);
  };
  switch (a.kind) {
    case 'place': {
      const instrument: PaperInstrument = a.future ? NIFTY_FUTURE : NIFTY_CALL;
      const lp = world.lp.get(instrument.token) ?? 0;
      const type = (['MARKET', 'LIMIT', 'SL', 'SL-M'] as const)[a.type];
      const orderType = type === 'SL-M' && !a.future ? 'SL' : type;
      const price = onTick(lp + a.offsetTicks * TICK);
      const buy = a.buy;
      const trigger = onTick(lp + (buy ? 1 : -1) * (Math.abs(a.offsetTicks) + 1) * TICK);
      const orderId = `o${index}`;
      world.orderIds.push(orderId);
      apply({
        type: 'place',
        at: world.now,
        order: orderRequest({
          orderId,
          instrument,
          side: buy ? 'BUY' : 'SELL',
          quantity: a.lots * instrument.lotSize,
          orderType,
          validity: a.ioc ? 'IOC' : 'DAY',
          product: a.mis ? 'MIS' : 'NRML',
          price:
            orderType === 'LIMIT' || orderType === 'SL'
              ? orderType === 'SL'
                ? Math.max(price, trigger)
                : price
              : null,
          triggerPrice: orderType === 'SL' || orderType === 'SL-M' ? trigger : null,
        }),
      });
      break;
    }
    case 'cancel': {
      const id = world.orderIds[a.pick % Math.max(1, world.orderIds.length)];
      if (id) apply({ type: 'cancel', at: world.now, orderId: id });
      break;
    }
    case 'modify': {
      const id = world.orderIds[a.pick % Math.max(1, world.orderIds.length)];
      const order = id ? engine.order(id) : null;
      if (id && order) {
        const lp = world.lp.get(order.instrument.token) ?? 0;
        apply({
          type: 'modify',
          at: world.now,
          eventId: `m${index}`,
          orderId: id,
          changes: {
            quantity: order.filledQuantity + a.lots * order.instrument.lotSize,
            ...(order.price !== null ? { price: onTick(lp + a.offsetTicks * TICK) } : {}),
          },
        });
      }
      break;
    }
    case 'tick': {
      const token = a.future ? NIFTY_FUTURE.token : NIFTY_CALL.token;
      const lp = onTick((world.lp.get(token) ?? 0) + a.moveTicks * TICK);
      const vt = (world.vt.get(token) ?? 0) + a.traded;
      world.lp.set(token, lp);
      world.vt.set(token, vt);
      const ts = world.now - a.lateMs;
      const tick = a.depth ? bookTick(token, ts, lp, 130, vt) : { token, ts, lp, vt };
      apply({ type: 'ticks', at: world.now, ticks: [tick] });
      break;
    }
    case 'stale':
      apply({ type: 'feed', at: world.now, stale: a.stale });
      break;
    case 'wait':
      world.now += a.ms;
      apply({ type: 'time', at: world.now });
      break;
  }
}

function checkInvariants(world: World): void {
  const { engine } = world;
  const orders = new Map(engine.orders().map((order) => [order.orderId, order]));
  const filledByOrder = new Map<string, number>();
  for (const fill of world.fills) {
    const order = orders.get(fill.orderId);
    expect(order).toBeDefined();
    // Never before the order's time: the tick that filled it is stamped after the order was placed.
    expect(fill.tickTs).toBeGreaterThan(order!.placedAt);
    expect(fill.at).toBeGreaterThanOrEqual(order!.placedAt);
    filledByOrder.set(fill.orderId, (filledByOrder.get(fill.orderId) ?? 0) + fill.quantity);
  }
  for (const order of orders.values()) {
    // Fills never exceed the quantity, and add up to what the order says it has filled.
    expect(order.filledQuantity + order.cancelledQuantity).toBeLessThanOrEqual(order.quantity);
    expect(filledByOrder.get(order.orderId) ?? 0).toBe(order.filledQuantity);
    if (order.status === 'COMPLETE') expect(order.filledQuantity).toBe(order.quantity);
  }
  const ids = world.fills.map((fill) => fill.fillId);
  expect(new Set(ids).size).toBe(ids.length);
  // Conservation: cash = capital + realised − charges − premium tied up in open option positions.
  const funds = engine.funds();
  const snapshot = engine.snapshot();
  let optionBasis = 0;
  for (const position of Object.values(snapshot.positions)) {
    if (position.instrument.contract.kind !== 'FUT') optionBasis += position.quantity * position.averagePrice;
  }
  expect(snapshot.cash).toBeCloseTo(snapshot.capital + snapshot.realisedPnl - snapshot.charges - optionBasis, 4);
  expect(funds.available + funds.blockedMargin).toBeCloseTo(funds.cash, 1);
  expect(funds.blockedMargin).toBeGreaterThanOrEqual(0);
}

// A fresh book (₹50 L, so margin rarely decides) with NIFTY near 25,000 and the call at ₹150.
function newWorld(): World {
  const engine = createPaperEngine({ config: { capital: 5_000_000 } });
  const now = at('10:00');
  engine.apply({ type: 'underlying', at: now, root: 'NIFTY', market: { price: 25_000, volatility: 0.14 } });
  return {
    engine,
    now,
    lp: new Map([
      [NIFTY_CALL.token, 150],
      [NIFTY_FUTURE.token, 25_000],
    ]),
    vt: new Map(),
    orderIds: [],
    fills: [],
  };
}

describe('paper engine properties', () => {
  it('fills never exceed quantity, never precede the order, and conserve cash + margin + realised P&L', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 10, maxLength: 80, size: 'max' }), (actions) => {
        const world = newWorld();
        actions.forEach((a, index) => run(world, a, index));
        checkInvariants(world);
      }),
      { seed: 3030, numRuns: 150 },
    );
  });

  it('a book rebuilt from a snapshot at any point ends in the same state', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 10, maxLength: 50, size: 'max' }), fc.nat(), (actions, cut) => {
        const whole = newWorld();
        actions.forEach((a, index) => run(whole, a, index));
        const split = newWorld();
        const cutAt = cut % actions.length;
        actions.slice(0, cutAt).forEach((a, index) => run(split, a, index));
        split.engine = createPaperEngine({ state: split.engine.snapshot() });
        actions.slice(cutAt).forEach((a, index) => run(split, a, index + cutAt));
        expect(split.engine.snapshot()).toEqual(whole.engine.snapshot());
        expect(split.fills).toEqual(whole.fills);
      }),
      { seed: 3031, numRuns: 60 },
    );
  });
});
