import type { Instrument } from '@fnodesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState, type KeyboardEvent } from 'react';
import { Form, ListGroup, Spinner } from 'react-bootstrap';
import './instrument-picker.css';

/** Shown when a search finds nothing (spec signed-in §2.8). */
export const INSTRUMENT_NOT_FOUND = 'Instrument Not Found !';

/** Finds the instruments matching a text (e.g. `searchInstruments` of lib/market). */
export type InstrumentSearch = (query: string, signal?: AbortSignal) => Promise<Instrument[]>;

/** The instrument list changes at most daily. */
const SEARCH_STALE_MS = 10 * 60_000;

/** Props of {@link InstrumentPicker}. */
export interface InstrumentPickerProps {
  /** The chosen instrument's label, shown while the picker is closed. */
  value: string;
  onChange: (instrument: Instrument) => void;
  /** Names the picker for assistive technology. */
  label: string;
  /** Runs a search; answers are cached per (trimmed, upper-cased) text. */
  search: InstrumentSearch;
}

/**
 * A searchable instrument picker (a combobox): typing runs `search`; arrow keys move through the results, Enter
 * chooses, Escape gives up; nothing found reads 'Instrument Not Found !' (spec §2.8).
 */
export function InstrumentPicker({ value, onChange, label, search: runSearch }: InstrumentPickerProps) {
  const listId = useId();
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = text !== null;
  const query = useDeferredValue(text ?? '');
  const searchText = query.trim().toUpperCase();
  const search = useQuery({
    queryKey: ['instrument-search', searchText],
    queryFn: ({ signal }) => runSearch(searchText, signal),
    staleTime: SEARCH_STALE_MS,
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const results = open ? (search.data ?? []).slice(0, 50) : [];
  const activeIndex = Math.min(active, Math.max(0, results.length - 1));

  const choose = (instrument: Instrument | undefined) => {
    if (instrument === undefined) return;
    setText(null);
    onChange(instrument);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setText('');
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + results.length) % Math.max(1, results.length));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      choose(results[activeIndex]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setText(null);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="instrument-picker position-relative">
      <Form.Control
        size="sm"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && results.length > 0 ? optionId(activeIndex) : undefined}
        value={open ? text : value}
        placeholder="Search instrument"
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setText(null)}
        onClick={() => {
          if (!open) setText('');
        }}
      />
      {open && (
        <ListGroup id={listId} role="listbox" aria-label={label} className="instrument-picker-list shadow">
          {search.isPending && (
            <ListGroup.Item className="small text-body-secondary">
              <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
              Searching…
            </ListGroup.Item>
          )}
          {search.isSuccess && results.length === 0 && (
            <ListGroup.Item className="small text-body-secondary">{INSTRUMENT_NOT_FOUND}</ListGroup.Item>
          )}
          {results.map((instrument, index) => (
            <ListGroup.Item
              key={instrument.instrumentToken}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              active={index === activeIndex}
              action
              className="small py-1"
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(instrument);
              }}
            >
              {instrument.displayName || instrument.tradingSymbol}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}
