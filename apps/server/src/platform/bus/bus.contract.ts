import { afterEach, describe, expect, it } from 'vitest';
import type { Bus } from './bus';

/** Connects a new bus to the backend under test; buses from one factory share that backend. */
export type BusFactory = () => Promise<Bus>;

const settle = (ms = 30) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting for delivery');
    await settle(5);
  }
}

/** The behaviour every `Bus` implementation must show; run against each backend. */
export function describeBusContract(name: string, connect: BusFactory, options: { skip?: boolean } = {}): void {
  describe.skipIf(options.skip ?? false)(`bus contract: ${name}`, () => {
    const open: Bus[] = [];
    const bus = async () => {
      const b = await connect();
      open.push(b);
      return b;
    };
    let n = 0;
    const channel = () => `contract.${process.pid}.${Date.now()}.${n++}`;

    afterEach(async () => {
      await Promise.all(open.splice(0).map((b) => b.close()));
    });

    it('delivers messages to a subscriber in publish order', async () => {
      const b = await bus();
      const ch = channel();
      const got: string[] = [];
      await b.subscribe(ch, (m) => got.push(m));
      for (let i = 0; i < 50; i++) await b.publish(ch, `m${i}`);
      await waitFor(() => got.length === 50);
      expect(got).toEqual(Array.from({ length: 50 }, (_, i) => `m${i}`));
    });

    it('delivers across two connections to the same backend', async () => {
      const [a, b] = [await bus(), await bus()];
      const ch = channel();
      const gotA: string[] = [];
      const gotB: string[] = [];
      await a.subscribe(ch, (m) => gotA.push(m));
      await b.subscribe(ch, (m) => gotB.push(m));
      await b.publish(ch, 'from-b');
      await a.publish(ch, 'from-a');
      await waitFor(() => gotA.length === 2 && gotB.length === 2);
      expect(gotA).toEqual(['from-b', 'from-a']);
      expect(gotB).toEqual(['from-b', 'from-a']);
    });

    it('keeps channels apart', async () => {
      const b = await bus();
      const [one, two] = [channel(), channel()];
      const got: string[] = [];
      await b.subscribe(one, (m) => got.push(`one:${m}`));
      await b.publish(two, 'x');
      await b.publish(one, 'y');
      await waitFor(() => got.length >= 1);
      await settle();
      expect(got).toEqual(['one:y']);
    });

    it('stops delivering after unsubscribe without disturbing other subscribers', async () => {
      const b = await bus();
      const ch = channel();
      const first: string[] = [];
      const second: string[] = [];
      const stop = await b.subscribe(ch, (m) => first.push(m));
      await b.subscribe(ch, (m) => second.push(m));
      await b.publish(ch, '1');
      await waitFor(() => first.length === 1 && second.length === 1);
      await stop();
      await stop();
      await b.publish(ch, '2');
      await waitFor(() => second.length === 2);
      await settle();
      expect(first).toEqual(['1']);
      expect(second).toEqual(['1', '2']);
    });

    it('counts the same handler subscribed twice as two subscriptions', async () => {
      const b = await bus();
      const ch = channel();
      const got: string[] = [];
      const handler = (m: string) => got.push(m);
      const stopOne = await b.subscribe(ch, handler);
      await b.subscribe(ch, handler);
      await b.publish(ch, 'a');
      await waitFor(() => got.length === 2);
      await stopOne();
      await b.publish(ch, 'b');
      await waitFor(() => got.length === 3);
      expect(got).toEqual(['a', 'a', 'b']);
    });

    it('isolates a throwing subscriber from the others', async () => {
      const b = await bus();
      const ch = channel();
      const got: string[] = [];
      await b.subscribe(ch, () => {
        throw new Error('subscriber failure');
      });
      await b.subscribe(ch, (m) => got.push(m));
      await b.publish(ch, 'still delivered');
      await waitFor(() => got.length === 1);
      expect(got).toEqual(['still delivered']);
    });

    it('never runs subscriber code inside publish', async () => {
      const b = await bus();
      const ch = channel();
      let delivered = false;
      await b.subscribe(ch, () => (delivered = true));
      const pending = b.publish(ch, 'x');
      expect(delivered).toBe(false);
      await pending;
      await waitFor(() => delivered);
    });

    it('answers ping while open and delivers nothing after close', async () => {
      const b = await bus();
      const other = await bus();
      const ch = channel();
      const got: string[] = [];
      await b.subscribe(ch, (m) => got.push(m));
      expect(await b.ping()).toBeGreaterThanOrEqual(0);
      await b.close();
      await other.publish(ch, 'after close');
      await settle(100);
      expect(got).toEqual([]);
    });
  });
}
