import { resolutionsForPeriod, type ChartPeriod, type Resolution } from '@fnodesk/domain';
import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';

/** A small control with its label before it, on one line. */
export function Labelled({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <span className="d-inline-flex align-items-center gap-1">
      <Form.Label htmlFor={htmlFor} className="small text-body-secondary mb-0 text-nowrap">
        {label}
      </Form.Label>
      {children}
    </span>
  );
}

/** An expiry as the option expiries list gives it. */
export interface ExpiryOption {
  date: string;
  formattedDate: string;
}

/** "Expiry Date": the underlying's expiries; disabled while there are none (saying 'Loading…' or 'No expiries'). */
export function ExpirySelect(props: {
  id: string;
  expiries: readonly ExpiryOption[];
  value: string | null;
  loading: boolean;
  onChange: (expiry: string) => void;
}) {
  const { id, expiries, value, loading, onChange } = props;
  return (
    <Labelled label="Expiry Date" htmlFor={id}>
      <Form.Select
        id={id}
        size="sm"
        className="w-auto"
        value={value ?? ''}
        disabled={expiries.length === 0}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {expiries.length === 0 && <option value="">{loading ? 'Loading…' : 'No expiries'}</option>}
        {expiries.map((e) => (
          <option key={e.date} value={e.date}>
            {e.formattedDate}
          </option>
        ))}
      </Form.Select>
    </Labelled>
  );
}

/** "Strikes": how many strikes around ATM, `min` to `max`. */
export function StrikeCountSelect(props: {
  id: string;
  min: number;
  max: number;
  value: number;
  onChange: (count: number) => void;
}) {
  const { id, min, max, value, onChange } = props;
  return (
    <Labelled label="Strikes" htmlFor={id}>
      <Form.Select
        id={id}
        size="sm"
        className="w-auto"
        value={value}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </Form.Select>
    </Labelled>
  );
}

/** "ATM": which price the ATM strike is taken from. */
export function AtmSelect<Basis extends string>(props: {
  id: string;
  bases: readonly Basis[];
  value: Basis;
  onChange: (basis: Basis) => void;
}) {
  const { id, bases, value, onChange } = props;
  return (
    <Labelled label="ATM" htmlFor={id}>
      <Form.Select
        id={id}
        size="sm"
        className="w-auto"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as Basis)}
      >
        {bases.map((basis) => (
          <option key={basis} value={basis}>
            {basis}
          </option>
        ))}
      </Form.Select>
    </Labelled>
  );
}

/** "Resolutions": the resolutions `period` allows; `ariaLabel` names the select when a page has more than one. */
export function ResolutionSelect(props: {
  id: string;
  ariaLabel?: string;
  period: ChartPeriod;
  value: Resolution;
  onChange: (resolution: Resolution) => void;
}) {
  const { id, ariaLabel, period, value, onChange } = props;
  return (
    <Labelled label="Resolutions" htmlFor={id}>
      <Form.Select
        id={id}
        size="sm"
        className="w-auto"
        aria-label={ariaLabel}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as Resolution)}
      >
        {resolutionsForPeriod(period).map((resolution) => (
          <option key={resolution} value={resolution}>
            {resolution}
          </option>
        ))}
      </Form.Select>
    </Labelled>
  );
}
