import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomBytes } from 'node:crypto';

/** An order as the fake Razorpay API stored it. */
export interface FakeRazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
  created_at: number;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for Razorpay's Orders API (`POST /v1/orders` with Basic auth, JSON body; Razorpay's error
 * format) that also produces what Razorpay's checkout and webhooks would: checkout signatures and signed webhook
 * deliveries. `down` makes it answer 500 like an outage.
 */
export async function startRazorpayFake(credentials: { keyId: string; keySecret: string; webhookSecret: string }) {
  const orders = new Map<string, FakeRazorpayOrder>();
  const authHeader = `Basic ${Buffer.from(`${credentials.keyId}:${credentials.keySecret}`).toString('base64')}`;
  const state = { down: false, requests: 0 };

  const server: Server = createServer((req, res) => {
    void (async () => {
      state.requests += 1;
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (state.down) return send(500, { error: { code: 'SERVER_ERROR', description: 'The server is down' } });
      if (req.headers.authorization !== authHeader) {
        return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'POST' && url.pathname === '/v1/orders') {
        const body = JSON.parse(await readBody(req)) as {
          amount: number;
          currency: string;
          receipt?: string;
          notes?: Record<string, string>;
        };
        if (!Number.isInteger(body.amount) || body.amount < 100) {
          return send(400, {
            error: { code: 'BAD_REQUEST_ERROR', description: 'Order amount less than minimum amount allowed' },
          });
        }
        const order: FakeRazorpayOrder = {
          id: `order_${randomBytes(7).toString('hex')}`,
          entity: 'order',
          amount: body.amount,
          amount_paid: 0,
          amount_due: body.amount,
          currency: body.currency,
          receipt: body.receipt ?? '',
          status: 'created',
          notes: body.notes ?? {},
          created_at: Math.floor(Date.now() / 1000),
        };
        orders.set(order.id, order);
        return send(200, order);
      }
      const match = /^\/v1\/orders\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match?.[1] !== undefined) {
        const order = orders.get(match[1]);
        return order ? send(200, order) : send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Not found' } });
      }
      return send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    orders,
    state,
    /** What Razorpay's checkout hands the browser after a successful payment on `orderId`. */
    checkout(orderId: string) {
      const paymentId = `pay_${randomBytes(7).toString('hex')}`;
      const signature = createHmac('sha256', credentials.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
      return { razorpayOrderId: orderId, razorpayPaymentId: paymentId, razorpaySignature: signature };
    },
    /** A webhook delivery as Razorpay sends it: JSON body, its signature and an event id. */
    webhook(
      event: 'payment.captured' | 'payment.failed' | 'order.paid',
      payment: { id: string; orderId: string; amount: number; currency?: string },
      eventId = `evt_${randomBytes(7).toString('hex')}`,
    ) {
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_fake',
        event,
        contains: ['payment'],
        payload: {
          payment: {
            entity: {
              id: payment.id,
              entity: 'payment',
              amount: payment.amount,
              currency: payment.currency ?? 'INR',
              status: event === 'payment.failed' ? 'failed' : 'captured',
              order_id: payment.orderId,
              method: 'card',
            },
          },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      const signature = createHmac('sha256', credentials.webhookSecret).update(body).digest('hex');
      return { body, signature, eventId };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The fake Razorpay server. */
export type RazorpayFake = Awaited<ReturnType<typeof startRazorpayFake>>;
