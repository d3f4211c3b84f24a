import type { Drawing } from '@fnodesk/charts/drawing';
import type { DocumentData } from '@fnodesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { createDrawingsSync, type DrawingsDocuments } from './drawings-sync';

const line = (id: string, price: number): Drawing => ({ kind: 'horizontal-line', id, price });

/** An in-memory document store whose writes finish only when the test releases them. */
function fakeDocuments() {
  const stored = new Map<string, DocumentData<'chart-drawings'>>();
  const writes: string[] = [];
  const pending: (() => void)[] = [];
  const settle = () => new Promise<void>((resolve) => pending.push(resolve));
  const documents: DrawingsDocuments = {
    get: (instrument) => Promise.resolve(stored.get(instrument) ?? null),
    async put(instrument, data) {
      writes.push(`put ${instrument} ${data.drawings.map((d) => d.id).join(',')}`);
      await settle();
      stored.set(instrument, data);
    },
    async remove(instrument) {
      writes.push(`delete ${instrument}`);
      await settle();
      stored.delete(instrument);
    },
  };
  return { documents, stored, writes, release: () => pending.splice(0).forEach((go) => go()) };
}

async function flush(fake: ReturnType<typeof fakeDocuments>, done: Promise<void>): Promise<void> {
  for (let i = 0; i < 10 && fake.writes.length > 0; i += 1) {
    await Promise.resolve();
    fake.release();
  }
  fake.release();
  await done;
}

describe('drawings sync', () => {
  it('sends only the latest of the saves that waited while one was in flight', async () => {
    const fake = fakeDocuments();
    const saved: string[] = [];
    const sync = createDrawingsSync(fake.documents, { onSaved: (instrument) => saved.push(instrument) });
    const first = sync.save('NIFTY26N2424500CE', [line('a', 1)]);
    void sync.save('NIFTY26N2424500CE', [line('a', 2)]);
    const last = sync.save('NIFTY26N2424500CE', [line('a', 3), line('b', 4)]);
    expect(last).toBe(first);
    await flush(fake, last);
    expect(fake.writes).toEqual(['put NIFTY26N2424500CE a', 'put NIFTY26N2424500CE a,b']);
    // Only the save that left nothing waiting counts as the server holding the latest drawings.
    expect(saved).toEqual(['NIFTY26N2424500CE']);
    expect(await sync.load('NIFTY26N2424500CE')).toEqual([line('a', 3), line('b', 4)]);
  });

  it('deletes the document when the last drawing is removed, and loads null for an instrument without one', async () => {
    const fake = fakeDocuments();
    const sync = createDrawingsSync(fake.documents);
    await flush(fake, sync.save('X', [line('a', 1)]));
    await flush(fake, sync.save('X', []));
    expect(fake.writes.at(-1)).toBe('delete X');
    expect(await sync.load('X')).toBeNull();
  });

  it('reports a failed save and still sends the next one', async () => {
    const failures: unknown[] = [];
    const sent: string[] = [];
    const saved: string[] = [];
    const sync = createDrawingsSync(
      {
        get: () => Promise.resolve(null),
        put: (instrument, data) => {
          sent.push(`${instrument}:${data.drawings.length}`);
          return sent.length === 1 ? Promise.reject(new Error('offline')) : Promise.resolve();
        },
        remove: () => Promise.resolve(),
      },
      { onError: (error) => failures.push(error), onSaved: (instrument) => saved.push(instrument) },
    );
    await sync.save('X', [line('a', 1)]);
    await sync.save('X', [line('a', 1), line('b', 2)]);
    expect(failures).toHaveLength(1);
    expect(sent).toEqual(['X:1', 'X:2']);
    expect(saved).toEqual(['X']);
  });
});

describe('drawings sync over the document API', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for no document of an instrument the list does not name, so no 404 reaches the console', async () => {
    const summary = {
      kind: 'chart-drawings',
      key: 'NIFTY26D0124900CE',
      name: null,
      version: 1,
      bytes: 60,
      createdAt: '2026-11-27T04:00:00.000Z',
      updatedAt: '2026-11-27T04:00:00.000Z',
    };
    const api = mockApi({
      'GET /api/v1/documents/chart-drawings': { data: { documents: [summary], limit: 500 } },
      'GET /api/v1/documents/chart-drawings/NIFTY26D0124900CE': {
        data: { ...summary, data: { version: 1, drawings: [line('a', 120)] } },
      },
    });
    const sync = createDrawingsSync();
    expect(await sync.load('NIFTY26D0124900PE')).toBeNull();
    expect(await sync.load('NIFTY26D0124900CE')).toEqual([line('a', 120)]);
    expect(api.calls('GET /api/v1/documents/chart-drawings')).toHaveLength(1);
    expect(api.calls('GET /api/v1/documents/chart-drawings/NIFTY26D0124900PE')).toHaveLength(0);
  });
});
