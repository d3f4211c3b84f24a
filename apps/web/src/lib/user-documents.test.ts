import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { deleteDocument, getDocument, putDocument } from './user-documents';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const STORED = {
  kind: 'chart-drawings',
  key: 'NIFTY26N2424500CE',
  name: null,
  version: 3,
  bytes: 70,
  createdAt: '2026-11-20T04:00:00.000Z',
  updatedAt: '2026-11-20T04:05:00.000Z',
  data: { version: 1, drawings: [{ kind: 'horizontal-line', id: 'a', price: 120 }] },
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('user documents client', () => {
  it('reads a document with its data checked against the kind', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 200, data: STORED }));
    const document = await getDocument('chart-drawings', 'NIFTY26N2424500CE');
    expect(document?.data.drawings).toEqual([{ kind: 'horizontal-line', id: 'a', price: 120 }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/documents/chart-drawings/NIFTY26N2424500CE');
  });

  it('reads a missing document as null, and fails on anything else', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(404, { code: 404, errorCode: 'NOT_FOUND', error: 'The document was not found.' }),
    );
    expect(await getDocument('saved-scan', 'gone')).toBeNull();
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { code: 500, errorCode: 'INTERNAL', error: 'x' }));
    await expect(getDocument('saved-scan', 'gone')).rejects.toBeInstanceOf(ApiError);
  });

  it('refuses a stored document its kind does not accept', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 200, data: { ...STORED, data: { drawings: 'x' } } }));
    await expect(getDocument('chart-drawings', 'NIFTY26N2424500CE')).rejects.toThrow();
  });

  it('puts the data with the version last read, and without one when none is given', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { code: 200, data: STORED })));
    await putDocument('chart-drawings', 'NIFTY26N2424500CE', STORED.data as never, 2);
    await putDocument('chart-drawings', 'NIFTY26N2424500CE', STORED.data as never);
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(init?.body as string) as object);
    expect(bodies).toEqual([{ data: STORED.data, version: 2 }, { data: STORED.data }]);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PUT');
  });

  it('counts deleting a document that is already gone as done', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { code: 404, errorCode: 'NOT_FOUND', error: 'gone' }));
    await expect(deleteDocument('strategy', 'old', 4)).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/documents/strategy/old?version=4');
  });
});
