import { useEffect, useRef, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify/unstyled';
import type { ColumnFilterTexts } from '../../../components/data-table/data-table-columns';
import { useQuery } from '@tanstack/react-query';
import {
  documentKeys,
  getDocument,
  useDeleteDocument,
  useDocumentList,
  useSaveDocument,
} from '../../../lib/user-documents';
import { enteredSymbols, scanExpression, scanFilters, scanKey } from '../utils/saved-scan';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'The scan could not be saved.');

/**
 * Saved scans (pages brief §4 idea 7): the table's column filters saved under a name in the user's document store,
 * listed for loading again, with a toast while the page is open whenever a symbol enters the loaded scan.
 */
export function SavedScans({
  filters,
  onLoad,
  columnIds,
  matchesOf,
}: {
  filters: ColumnFilterTexts;
  onLoad: (filters: ColumnFilterTexts) => void;
  columnIds: ReadonlySet<string>;
  /** The symbols matching a filter set now (over the whole universe, whatever chip is chosen). */
  matchesOf: (filters: ColumnFilterTexts) => readonly string[];
}) {
  const list = useDocumentList('saved-scan');
  const save = useSaveDocument('saved-scan');
  const remove = useDeleteDocument('saved-scan');
  const [activeKey, setActiveKey] = useState('');
  const [name, setName] = useState('');
  const active = useQuery({
    queryKey: documentKeys.one('saved-scan', activeKey),
    queryFn: ({ signal }) => getDocument('saved-scan', activeKey, signal),
    enabled: activeKey !== '',
  });
  const activeScan = activeKey === '' ? null : (active.data ?? null);
  const activeFilters = activeScan === null ? null : scanFilters(activeScan.data.expression, columnIds);

  // A scan loaded from the list puts its filters on the table once its document arrives.
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (activeScan === null || activeFilters === null) return;
    const version = `${activeScan.key}@${activeScan.version}`;
    if (applied.current === version) return;
    applied.current = version;
    onLoad(activeFilters);
  }, [activeScan, activeFilters, onLoad]);

  // Toasts for symbols entering the loaded scan; the first look after loading only records who is in.
  const seen = useRef<{ key: string; symbols: ReadonlySet<string> } | null>(null);
  const matches = activeFilters === null ? null : matchesOf(activeFilters);
  const matchKey = matches?.join(',') ?? '';
  useEffect(() => {
    if (activeScan === null || matches === null) {
      seen.current = null;
      return;
    }
    const previous = seen.current?.key === activeScan.key ? seen.current.symbols : null;
    const entered = enteredSymbols(previous, matches);
    if (entered.length > 0) toast.info(`${activeScan.data.name}: ${entered.join(', ')} entered the scan`);
    seen.current = { key: activeScan.key, symbols: new Set(matches) };
    // matchKey stands for matches: the effect runs when the set of symbols changes, not on every new array.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeScan, matchKey]);

  const hasFilters = scanExpression(filters) !== '';
  const submit = () => {
    const trimmed = name.trim();
    if (trimmed === '' || !hasFilters) return;
    const key = scanKey(trimmed);
    save.mutate(
      {
        key,
        data: {
          name: trimmed,
          expression: scanExpression(filters),
          universe: 'fno-stocks',
          resolution: '1m',
          alert: 'toast',
        },
      },
      {
        onSuccess: () => {
          setActiveKey(key);
          setName('');
          toast.success(`Scan ${trimmed} saved`);
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };

  return (
    <div className="d-flex flex-wrap align-items-end gap-2" data-testid="saved-scans">
      <Form.Group controlId="market-movers-scan">
        <Form.Label className="small mb-0">Saved scan</Form.Label>
        <Form.Select
          size="sm"
          value={activeKey}
          onChange={(event) => {
            const key = event.currentTarget.value;
            setActiveKey(key);
            seen.current = null;
            // Choosing a scan (again) puts its filters on the table, even the one chosen before.
            applied.current = null;
            if (key === '') onLoad({});
          }}
        >
          <option value="">None</option>
          {(list.data?.documents ?? []).map((document) => (
            <option key={document.key} value={document.key}>
              {document.name ?? document.key}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {activeScan !== null && (
        <Button
          size="sm"
          variant="outline-danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { key: activeScan.key },
              { onSuccess: () => setActiveKey(''), onError: (error) => toast.error(errorText(error)) },
            )
          }
        >
          Delete scan
        </Button>
      )}
      <Form
        className="d-flex align-items-end gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Form.Group controlId="market-movers-scan-name">
          <Form.Label className="small mb-0">Save filters as</Form.Label>
          <Form.Control
            size="sm"
            value={name}
            maxLength={80}
            placeholder={hasFilters ? 'Scan name' : 'Type a filter first'}
            onChange={(event) => setName(event.currentTarget.value)}
          />
        </Form.Group>
        <Button size="sm" type="submit" disabled={!hasFilters || name.trim() === '' || save.isPending}>
          Save scan
        </Button>
      </Form>
    </div>
  );
}
