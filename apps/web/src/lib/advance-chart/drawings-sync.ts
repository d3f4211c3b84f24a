// The server keeps each instrument's drawings as a `chart-drawings` document, so they follow the user to another
// browser; local storage (drawings-store) stays the first copy the chart paints from. Saves go up one at a time per
// instrument and only the latest waiting one is sent: dragging a line makes many changes a second.
import { readSavedDrawings, serialiseDrawings, type Drawing } from '@fnodesk/charts/drawing';
import type { DocumentData } from '@fnodesk/contracts';
import { deleteDocument, getDocument, listDocuments, putDocument } from '../user-documents';

/** How the sync reaches the document store (the API by default; tests pass their own). */
export interface DrawingsDocuments {
  get(instrument: string, signal?: AbortSignal): Promise<DocumentData<'chart-drawings'> | null>;
  put(instrument: string, data: DocumentData<'chart-drawings'>): Promise<unknown>;
  remove(instrument: string): Promise<void>;
}

/**
 * The document store's API. The kind's list (read once per sync, then kept up by this sync's own saves) says which
 * instruments have drawings, so opening an instrument without any asks for nothing: a 404 for each would show in the
 * browser's console as a failed load.
 */
function apiDocuments(): DrawingsDocuments {
  let keys: Promise<Set<string>> | null = null;
  const stored = (signal?: AbortSignal) =>
    (keys ??= listDocuments('chart-drawings', signal).then(
      (list) => new Set(list.documents.map((document) => document.key)),
      (error: unknown) => {
        keys = null;
        throw error;
      },
    ));
  return {
    get: async (instrument, signal) =>
      (await stored(signal)).has(instrument)
        ? ((await getDocument('chart-drawings', instrument, signal))?.data ?? null)
        : null,
    put: async (instrument, data) => {
      const saved = await putDocument('chart-drawings', instrument, data);
      (await keys)?.add(instrument);
      return saved;
    },
    remove: async (instrument) => {
      await deleteDocument('chart-drawings', instrument);
      (await keys)?.delete(instrument);
    },
  };
}

/** The instrument's drawings kept by the server. */
export interface DrawingsSync {
  /** The server's drawings of the instrument, or null when it keeps none. */
  load(instrument: string, signal?: AbortSignal): Promise<Drawing[] | null>;
  /** Sends the instrument's drawings (none: deletes the document); resolves when this or a later save landed. */
  save(instrument: string, drawings: readonly Drawing[]): Promise<void>;
}

/** What a sync tells its owner about saves. */
export interface DrawingsSyncEvents {
  /** The server now holds the latest drawings saved for the instrument. */
  onSaved?: (instrument: string) => void;
  /** A save failed; the next save of the instrument tries again. */
  onError?: (error: unknown) => void;
}

/** A drawings sync over `documents`. */
export function createDrawingsSync(
  documents: DrawingsDocuments = apiDocuments(),
  events: DrawingsSyncEvents = {},
): DrawingsSync {
  const waiting = new Map<string, readonly Drawing[]>();
  const running = new Map<string, Promise<void>>();

  async function drain(instrument: string): Promise<void> {
    for (let next = waiting.get(instrument); next !== undefined; next = waiting.get(instrument)) {
      waiting.delete(instrument);
      try {
        if (next.length === 0) await documents.remove(instrument);
        else await documents.put(instrument, JSON.parse(serialiseDrawings(next)) as DocumentData<'chart-drawings'>);
        if (!waiting.has(instrument)) events.onSaved?.(instrument);
      } catch (error) {
        events.onError?.(error);
      }
    }
    running.delete(instrument);
  }

  return {
    async load(instrument, signal) {
      const data = await documents.get(instrument, signal);
      return data === null ? null : readSavedDrawings(data);
    },
    save(instrument, drawings) {
      waiting.set(instrument, [...drawings]);
      let run = running.get(instrument);
      if (run === undefined) {
        run = drain(instrument);
        running.set(instrument, run);
      }
      return run;
    },
  };
}
