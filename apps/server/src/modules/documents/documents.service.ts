import {
  DOCUMENT_DATA_SCHEMAS,
  MAX_DOCUMENTS_PER_KIND,
  MAX_DOCUMENT_BYTES,
  type DocumentKind,
  type DocumentList,
  type DocumentSummary,
  type StoredDocument,
} from '@fnodesk/contracts';
import type { Clock } from '@fnodesk/domain';
import { AppError, errors } from '../../platform/errors';
import type { DocumentsRepository, UserDocumentSummaryRow } from './documents.repository';

/** What the documents service is built from. */
export interface DocumentsServiceDeps {
  repository: DocumentsRepository;
  clock: Clock;
}

const KIND_LABEL: Readonly<Record<DocumentKind, string>> = {
  'saved-scan': 'saved scans',
  strategy: 'strategies',
  'chart-drawings': 'instruments with drawings',
  'chart-layout': 'chart layouts',
  'trade-settings': 'trade settings',
};

function summaryOf(row: UserDocumentSummaryRow): DocumentSummary {
  return {
    kind: row.kind as DocumentKind,
    key: row.key,
    name: row.name,
    version: row.version,
    bytes: row.bytes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The `data` of a document of `kind`, checked against the kind's schema; 400 naming the first bad field. */
function checkedData(kind: DocumentKind, data: unknown): unknown {
  const parsed = DOCUMENT_DATA_SCHEMAS[kind].safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = ['data', ...(issue?.path ?? []).map(String)].join('.');
  throw errors.validation(field, `${field}: ${issue?.message ?? 'is not valid'}`);
}

function nameOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('name' in data)) return null;
  return typeof data.name === 'string' ? data.name : null;
}

const notFound = () => errors.notFound('The document');
const stale = (currentVersion: number) =>
  new AppError(
    'VERSION_CONFLICT',
    `The document was changed elsewhere (it is now at version ${currentVersion}). Reload it and try again.`,
  );

/**
 * Users' documents: list by kind, get, create or replace with an optimistic version, delete. A user sees only their
 * own documents; another user's key is simply not found.
 */
export function createDocumentsService({ repository, clock }: DocumentsServiceDeps) {
  return {
    /** The user's documents of a kind, without their data, most recently written first. */
    async list(userId: string, kind: DocumentKind): Promise<DocumentList> {
      const rows = await repository.list(userId, kind);
      return { documents: rows.map(summaryOf), limit: MAX_DOCUMENTS_PER_KIND[kind] };
    },

    /** One of the user's documents; 404 when the user has none under that key. */
    async get(userId: string, kind: DocumentKind, key: string): Promise<StoredDocument> {
      const row = await repository.get(userId, kind, key);
      if (!row) throw notFound();
      return { ...summaryOf(row), data: row.data };
    },

    /**
     * Creates or replaces a document. `expectedVersion` 0 creates only; n replaces only version n; undefined writes
     * whatever the version. 400 for data its kind does not accept, 413 above the size cap, 409 when the version
     * moved on or the kind's limit is reached, 404 when version n > 0 was expected of a missing document.
     */
    async put(
      userId: string,
      kind: DocumentKind,
      key: string,
      body: { version?: number | undefined; data: unknown },
    ): Promise<StoredDocument> {
      const data = checkedData(kind, body.data);
      const bytes = Buffer.byteLength(JSON.stringify(data), 'utf8');
      if (bytes > MAX_DOCUMENT_BYTES) {
        throw new AppError(
          'DOCUMENT_TOO_LARGE',
          `The document is too large to save (${Math.ceil(bytes / 1024)} KB; at most ${MAX_DOCUMENT_BYTES / 1024} KB).`,
        );
      }
      const limit = MAX_DOCUMENTS_PER_KIND[kind];
      const result = await repository.write({
        userId,
        kind,
        key,
        name: nameOf(data),
        data,
        bytes,
        expectedVersion: body.version,
        limit,
        now: new Date(clock.now()),
      });
      switch (result.outcome) {
        case 'written':
          return { ...summaryOf(result.row), data: result.row.data };
        case 'missing':
          throw notFound();
        case 'stale':
          throw stale(result.currentVersion);
        case 'full':
          throw new AppError(
            'DOCUMENT_LIMIT_REACHED',
            `You can keep at most ${limit} ${KIND_LABEL[kind]}. Delete one to save another.`,
          );
      }
    },

    /** Deletes a document (only at `expectedVersion` when given); 404 when missing, 409 when the version moved on. */
    async delete(
      userId: string,
      kind: DocumentKind,
      key: string,
      expectedVersion: number | undefined,
    ): Promise<{ kind: DocumentKind; key: string; deleted: true }> {
      const outcome = await repository.delete(userId, kind, key, expectedVersion);
      if (outcome === 'missing') throw notFound();
      if (outcome === 'stale') {
        const row = await repository.get(userId, kind, key);
        if (!row) throw notFound();
        throw stale(row.version);
      }
      return { kind, key, deleted: true };
    },
  };
}

/** The documents service. */
export type DocumentsService = ReturnType<typeof createDocumentsService>;
