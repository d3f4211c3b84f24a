import {
  DocumentListSchema,
  MAX_DOCUMENTS_PER_KIND,
  MAX_DOCUMENT_BYTES,
  StoredDocumentSchema,
  type DocumentKind,
} from '@fnodesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let asha: SignedInUser;
let ravi: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '10000', LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '100000' },
  });
  await t.app.ready();
  asha = await signUpAndLogIn(t, { tag: 'docs-asha' });
  ravi = await signUpAndLogIn(t, { tag: 'docs-ravi' });
});

afterAll(async () => {
  await t.close();
});

interface Answer {
  status: number;
  body: { code: number; data?: unknown; error?: string; errorCode?: string; field?: string };
}

async function call(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  user: SignedInUser | undefined,
  body?: object,
): Promise<Answer> {
  const res = await t.app.inject({
    method,
    url,
    headers: user ? authHeaders(user) : {},
    ...(body !== undefined ? { payload: body } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

const put = (user: SignedInUser, kind: DocumentKind, key: string, body: object) =>
  call('PUT', `/api/v1/documents/${kind}/${key}`, user, body);

const SCAN = {
  name: 'OI build-up above VWAP',
  expression: 'close > vwap and oi_change_pct > 5',
  universe: 'fno-stocks',
  resolution: '15m',
  alert: 'toast',
};
const DRAWINGS = {
  version: 1,
  drawings: [
    { kind: 'horizontal-line', id: 'h1', price: 24_500 },
    {
      kind: 'trend-line',
      id: 't1',
      from: { time: 1_795_000_000_000, price: 110 },
      to: { time: 1_795_000_900_000, price: 132.5 },
    },
  ],
};
const STRATEGY = {
  name: 'Nifty short straddle',
  underlying: 'NIFTY',
  legs: [
    { instrumentType: 'CE', strike: 24_500, expiry: '2026-11-24', side: 'SELL', lots: 1 },
    { instrumentType: 'PE', strike: 24_500, expiry: '2026-11-24', side: 'SELL', lots: 1, price: 118.4 },
  ],
};
const LAYOUT = {
  name: 'Two charts',
  layout: 2,
  charts: [
    { instrument: 'NIFTY', resolution: '5m', indicators: ['vwap'] },
    { instrument: 'BANKNIFTY', resolution: '5m', indicators: [] },
  ],
};
const TRADE_SETTINGS = {
  quantityLots: 2,
  orderType: 'LIMIT',
  product: 'MIS',
  validity: 'DAY',
  stopLossPoints: 20,
  orderSequence: 'buys-first',
  marketProtectionPercent: 2,
  overrides: { BANKNIFTY: { quantityLots: 1, orderType: 'MARKET', product: 'NRML', validity: 'DAY' } },
};

describe('documents of each kind', () => {
  it.each([
    ['saved-scan', 'oi-buildup', SCAN, 'OI build-up above VWAP'],
    ['strategy', 'nifty-straddle', STRATEGY, 'Nifty short straddle'],
    ['chart-drawings', 'NIFTY26N2424500CE', DRAWINGS, null],
    ['chart-layout', 'two-charts', LAYOUT, 'Two charts'],
    ['trade-settings', 'default', TRADE_SETTINGS, null],
  ] as const)('stores a %s document and gives back the same data at version 1', async (kind, key, data, name) => {
    const created = await put(asha, kind, key, { version: 0, data });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const read = await call('GET', `/api/v1/documents/${kind}/${key}`, asha);
    expect(read.status).toBe(200);
    const doc = StoredDocumentSchema.parse(read.body.data);
    expect(doc).toMatchObject({ kind, key, name, version: 1, data });
    expect(doc.bytes).toBe(Buffer.byteLength(JSON.stringify(data)));
  });

  it('stores rectangles and Fibonacci retracements among an instrument’s drawings, each with two anchors', async () => {
    const data = {
      version: 1,
      drawings: [
        ...DRAWINGS.drawings,
        {
          kind: 'rectangle',
          id: 'r1',
          from: { time: 1_795_000_000_000, price: 24_400 },
          to: { time: 1_795_003_600_000, price: 24_600 },
        },
        {
          kind: 'fib-retracement',
          id: 'f1',
          from: { time: 1_795_000_000_000, price: 24_300 },
          to: { time: 1_795_007_200_000, price: 24_800 },
        },
      ],
    };
    expect((await put(asha, 'chart-drawings', 'NIFTY26DECFUT', { data })).status).toBe(200);
    const read = StoredDocumentSchema.parse(
      (await call('GET', '/api/v1/documents/chart-drawings/NIFTY26DECFUT', asha)).body.data,
    );
    expect(read.data).toEqual(data);
    const oneAnchor = { version: 1, drawings: [{ kind: 'rectangle', id: 'r2', from: { time: 1, price: 2 } }] };
    const refused = await put(asha, 'chart-drawings', 'NIFTY26DECFUT', { data: oneAnchor });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('VALIDATION_FAILED');
  });

  it("refuses data its kind's schema does not accept, naming the field", async () => {
    const res = await put(asha, 'saved-scan', 'bad-scan', { data: { ...SCAN, resolution: '7m' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'data.resolution' });
    const extra = await put(asha, 'chart-drawings', 'NIFTY', { data: { ...DRAWINGS, colour: 'red' } });
    expect(extra.status).toBe(400);
    expect((await call('GET', '/api/v1/documents/saved-scan/bad-scan', asha)).status).toBe(404);
  });

  it('refuses an unknown kind and a key outside the allowed characters with 400', async () => {
    expect((await put(asha, 'watchlist' as DocumentKind, 'a', { data: {} })).body.errorCode).toBe('VALIDATION_FAILED');
    const res = await call('GET', '/api/v1/documents/saved-scan/..%2Fx', asha);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('VALIDATION_FAILED');
  });
});

describe('optimistic versions', () => {
  it('replaces version n with n + 1 and refuses a write based on an older version with 409', async () => {
    const v1 = await put(asha, 'saved-scan', 'gap-up', { version: 0, data: SCAN });
    expect(StoredDocumentSchema.parse(v1.body.data).version).toBe(1);
    const v2 = await put(asha, 'saved-scan', 'gap-up', { version: 1, data: { ...SCAN, alert: 'none' } });
    expect(StoredDocumentSchema.parse(v2.body.data)).toMatchObject({ version: 2, data: { alert: 'none' } });

    const lost = await put(asha, 'saved-scan', 'gap-up', { version: 1, data: SCAN });
    expect(lost.status).toBe(409);
    expect(lost.body.errorCode).toBe('VERSION_CONFLICT');
    expect(lost.body.error).toContain('version 2');
    const read = await call('GET', '/api/v1/documents/saved-scan/gap-up', asha);
    expect(StoredDocumentSchema.parse(read.body.data)).toMatchObject({ version: 2, data: { alert: 'none' } });
  });

  it('refuses to create (version 0) a document that exists, and to replace (version n) one that does not', async () => {
    await put(asha, 'saved-scan', 'twice', { version: 0, data: SCAN });
    const again = await put(asha, 'saved-scan', 'twice', { version: 0, data: SCAN });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('VERSION_CONFLICT');
    const missing = await put(asha, 'saved-scan', 'never-made', { version: 3, data: SCAN });
    expect(missing.status).toBe(404);
    expect(missing.body.errorCode).toBe('NOT_FOUND');
  });

  it('writes whatever the version when none is given', async () => {
    await put(asha, 'chart-drawings', 'BANKNIFTY', { data: DRAWINGS });
    const res = await put(asha, 'chart-drawings', 'BANKNIFTY', { data: { version: 1, drawings: [] } });
    expect(StoredDocumentSchema.parse(res.body.data)).toMatchObject({ version: 2, data: { drawings: [] } });
  });

  it('of two concurrent writes from the same version, exactly one wins', async () => {
    await put(asha, 'strategy', 'race', { version: 0, data: STRATEGY });
    const answers = await Promise.all(
      [1, 2].map((lots) =>
        put(asha, 'strategy', 'race', {
          version: 1,
          data: { ...STRATEGY, legs: STRATEGY.legs.map((leg) => ({ ...leg, lots })) },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const read = StoredDocumentSchema.parse((await call('GET', '/api/v1/documents/strategy/race', asha)).body.data);
    expect(read.version).toBe(2);
  });
});

describe('owner only', () => {
  it("answers 404 for another user's document, on read, write and delete, and leaves it unchanged", async () => {
    await put(asha, 'chart-layout', 'mine', { version: 0, data: LAYOUT });
    const read = await call('GET', '/api/v1/documents/chart-layout/mine', ravi);
    expect(read.status).toBe(404);
    expect(read.body.errorCode).toBe('NOT_FOUND');
    expect((await put(ravi, 'chart-layout', 'mine', { version: 1, data: LAYOUT })).status).toBe(404);
    expect((await call('DELETE', '/api/v1/documents/chart-layout/mine', ravi)).status).toBe(404);
    const list = DocumentListSchema.parse((await call('GET', '/api/v1/documents/chart-layout', ravi)).body.data);
    expect(list.documents.map((d) => d.key)).not.toContain('mine');
    const still = await call('GET', '/api/v1/documents/chart-layout/mine', asha);
    expect(StoredDocumentSchema.parse(still.body.data).version).toBe(1);
  });

  it('gives each user their own document under the same key', async () => {
    await put(ravi, 'trade-settings', 'default', { data: { ...TRADE_SETTINGS, quantityLots: 7 } });
    const ashas = StoredDocumentSchema.parse(
      (await call('GET', '/api/v1/documents/trade-settings/default', asha)).body.data,
    );
    const ravis = StoredDocumentSchema.parse(
      (await call('GET', '/api/v1/documents/trade-settings/default', ravi)).body.data,
    );
    expect(ashas.data).toMatchObject({ quantityLots: 2 });
    expect(ravis.data).toMatchObject({ quantityLots: 7 });
  });

  it('needs a session: without one every route answers 403 SESSION_EXPIRED', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/documents/saved-scan'],
      ['GET', '/api/v1/documents/saved-scan/oi-buildup'],
      ['PUT', '/api/v1/documents/saved-scan/oi-buildup'],
      ['DELETE', '/api/v1/documents/saved-scan/oi-buildup'],
    ] as const) {
      const res = await call(method, url, undefined, method === 'PUT' ? { data: SCAN } : undefined);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.errorCode).toBe('SESSION_EXPIRED');
    }
  });
});

describe('listing and deleting', () => {
  it('lists the kind without data, most recently written first, with the kind limit', async () => {
    const user = await signUpAndLogIn(t, { tag: 'docs-list' });
    await put(user, 'saved-scan', 'first', { data: { ...SCAN, name: 'First' } });
    t.clock.advance(1_000);
    await put(user, 'saved-scan', 'second', { data: { ...SCAN, name: 'Second' } });
    await put(user, 'strategy', 'other-kind', { data: STRATEGY });
    const res = await call('GET', '/api/v1/documents/saved-scan', user);
    const list = DocumentListSchema.parse(res.body.data);
    expect(list.limit).toBe(MAX_DOCUMENTS_PER_KIND['saved-scan']);
    expect(list.documents.map((d) => [d.key, d.name])).toEqual([
      ['second', 'Second'],
      ['first', 'First'],
    ]);
    expect(list.documents[0]).not.toHaveProperty('data');
  });

  it('deletes a document, then answers 404 for it; a delete at an older version is refused with 409', async () => {
    await put(asha, 'saved-scan', 'to-delete', { data: SCAN });
    await put(asha, 'saved-scan', 'to-delete', { data: SCAN });
    const old = await call('DELETE', '/api/v1/documents/saved-scan/to-delete?version=1', asha);
    expect(old.status).toBe(409);
    expect(old.body.errorCode).toBe('VERSION_CONFLICT');
    const done = await call('DELETE', '/api/v1/documents/saved-scan/to-delete?version=2', asha);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ kind: 'saved-scan', key: 'to-delete', deleted: true });
    expect((await call('GET', '/api/v1/documents/saved-scan/to-delete', asha)).status).toBe(404);
    expect((await call('DELETE', '/api/v1/documents/saved-scan/to-delete', asha)).status).toBe(404);
  });
});

describe('size caps', () => {
  it(`refuses a document above ${MAX_DOCUMENT_BYTES} bytes with 413 DOCUMENT_TOO_LARGE and keeps the old one`, async () => {
    await put(asha, 'chart-drawings', 'SENSEX', { data: DRAWINGS });
    // 500 trend lines with long ids come to about 75 KB.
    const drawings = Array.from({ length: 500 }, (_, i) => ({
      kind: 'trend-line',
      id: `${'x'.repeat(40)}-${i}`,
      from: { time: 1_795_000_000_000 + i, price: 24_000.25 + i },
      to: { time: 1_795_000_900_000 + i, price: 24_100.75 + i },
    }));
    const res = await put(asha, 'chart-drawings', 'SENSEX', { data: { version: 1, drawings } });
    expect(res.status).toBe(413);
    expect(res.body.errorCode).toBe('DOCUMENT_TOO_LARGE');
    const kept = StoredDocumentSchema.parse(
      (await call('GET', '/api/v1/documents/chart-drawings/SENSEX', asha)).body.data,
    );
    expect(kept.data).toEqual(DRAWINGS);
  });

  it('refuses a new document past the per-kind limit with 409 DOCUMENT_LIMIT_REACHED, but still replaces one', async () => {
    const user = await signUpAndLogIn(t, { tag: 'docs-limit' });
    const limit = MAX_DOCUMENTS_PER_KIND['trade-settings'];
    for (let i = 0; i < limit; i += 1) {
      const res = await put(user, 'trade-settings', `account-${i}`, { data: TRADE_SETTINGS });
      expect(res.status).toBe(200);
    }
    const over = await put(user, 'trade-settings', 'one-more', { data: TRADE_SETTINGS });
    expect(over.status).toBe(409);
    expect(over.body.errorCode).toBe('DOCUMENT_LIMIT_REACHED');
    expect(over.body.error).toBe(`You can keep at most ${limit} trade settings. Delete one to save another.`);
    const replaced = await put(user, 'trade-settings', 'account-0', { data: { ...TRADE_SETTINGS, quantityLots: 3 } });
    expect(replaced.status).toBe(200);
  });

  it('lets only one of two concurrent new documents take the last free place', async () => {
    const user = await signUpAndLogIn(t, { tag: 'docs-last-place' });
    const limit = MAX_DOCUMENTS_PER_KIND['trade-settings'];
    for (let i = 0; i < limit - 1; i += 1) await put(user, 'trade-settings', `account-${i}`, { data: TRADE_SETTINGS });
    const answers = await Promise.all(
      ['late-a', 'late-b'].map((key) => put(user, 'trade-settings', key, { data: TRADE_SETTINGS })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const list = DocumentListSchema.parse((await call('GET', '/api/v1/documents/trade-settings', user)).body.data);
    expect(list.documents).toHaveLength(limit);
  });
});
