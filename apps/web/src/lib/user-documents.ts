import {
  DOCUMENT_DATA_SCHEMAS,
  DeletedDocumentSchema,
  DocumentListSchema,
  StoredDocumentSchema,
  type DocumentData,
  type DocumentKind,
  type DocumentList,
  type DocumentSummary,
} from '@fnodesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { isApiError } from './api-error';

/** A stored document whose `data` has been checked against its kind's schema. */
export type UserDocument<K extends DocumentKind> = DocumentSummary & { kind: K; data: DocumentData<K> };

/** Canonical query keys of the document store: every page reading a document shares its cache entry. */
export const documentKeys = {
  all: ['documents'] as const,
  list: (kind: DocumentKind) => ['documents', kind, 'list'] as const,
  one: (kind: DocumentKind, key: string) => ['documents', kind, 'one', key] as const,
};

function documentPath(kind: DocumentKind, key?: string): string {
  const base = `/api/v1/documents/${encodeURIComponent(kind)}`;
  return key === undefined ? base : `${base}/${encodeURIComponent(key)}`;
}

function typed<K extends DocumentKind>(kind: K, value: unknown): UserDocument<K> {
  const document = StoredDocumentSchema.parse(value);
  const data = DOCUMENT_DATA_SCHEMAS[kind].parse(document.data) as DocumentData<K>;
  return { ...document, kind, data };
}

/** `GET /api/v1/documents/{kind}`: the user's documents of a kind without their data, newest first. */
export function listDocuments(kind: DocumentKind, signal?: AbortSignal): Promise<DocumentList> {
  return apiFetch(documentPath(kind), { schema: DocumentListSchema, signal });
}

/** `GET /api/v1/documents/{kind}/{key}`: one of the user's documents, or null when there is none. */
export async function getDocument<K extends DocumentKind>(
  kind: K,
  key: string,
  signal?: AbortSignal,
): Promise<UserDocument<K> | null> {
  try {
    return typed(kind, await apiFetch<unknown>(documentPath(kind, key), { signal }));
  } catch (error) {
    if (isApiError(error, 'NOT_FOUND')) return null;
    throw error;
  }
}

/**
 * `PUT /api/v1/documents/{kind}/{key}`: creates or replaces a document. With `version` (the one last read; 0 to
 * create) the server refuses with VERSION_CONFLICT when the document moved on; without it the write always lands.
 */
export async function putDocument<K extends DocumentKind>(
  kind: K,
  key: string,
  data: DocumentData<K>,
  version?: number,
): Promise<UserDocument<K>> {
  const body = version === undefined ? { data } : { data, version };
  return typed(kind, await apiFetch<unknown>(documentPath(kind, key), { method: 'PUT', body }));
}

/** `DELETE /api/v1/documents/{kind}/{key}`; a document already gone counts as deleted. */
export async function deleteDocument(kind: DocumentKind, key: string, version?: number): Promise<void> {
  const path = version === undefined ? documentPath(kind, key) : `${documentPath(kind, key)}?version=${version}`;
  try {
    await apiFetch(path, { method: 'DELETE', schema: DeletedDocumentSchema });
  } catch (error) {
    if (!isApiError(error, 'NOT_FOUND')) throw error;
  }
}

/** The user's documents of a kind (summaries), for a page's list of saved items. */
export function useDocumentList(kind: DocumentKind) {
  return useQuery({ queryKey: documentKeys.list(kind), queryFn: ({ signal }) => listDocuments(kind, signal) });
}

/** One document (null while the user has none under `key`). */
export function useUserDocument<K extends DocumentKind>(kind: K, key: string) {
  return useQuery({ queryKey: documentKeys.one(kind, key), queryFn: ({ signal }) => getDocument(kind, key, signal) });
}

/** Saves a document of `kind`; the document's cache entry takes the answer and the kind's list is refetched. */
export function useSaveDocument<K extends DocumentKind>(kind: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { key: string; data: DocumentData<K>; version?: number }) =>
      putDocument(kind, input.key, input.data, input.version),
    onSuccess: (document) => {
      client.setQueryData(documentKeys.one(kind, document.key), document);
      void client.invalidateQueries({ queryKey: documentKeys.list(kind) });
    },
  });
}

/** Deletes a document of `kind`; its cache entry becomes null and the kind's list is refetched. */
export function useDeleteDocument(kind: DocumentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { key: string; version?: number }) => deleteDocument(kind, input.key, input.version),
    onSuccess: (_done, input) => {
      client.setQueryData(documentKeys.one(kind, input.key), null);
      void client.invalidateQueries({ queryKey: documentKeys.list(kind) });
    },
  });
}
