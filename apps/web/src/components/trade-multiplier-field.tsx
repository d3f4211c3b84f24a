import type { BrokerAccount } from '@fnodesk/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { TRADE_MULTIPLIER_LIMITS, useSaveTradeMultiplier } from '../lib/trading/trade-multiplier';

/** Props of {@link TradeMultiplierField}. */
export interface TradeMultiplierFieldProps {
  account: Pick<BrokerAccount, 'id' | 'name' | 'userName' | 'tradeMultiplier'>;
  /** The visible label; the input is named after the account either way. */
  label?: string;
}

const { min, max } = TRADE_MULTIPLIER_LIMITS;
const OUT_OF_RANGE = `Enter a whole number from ${min} to ${max}.`;

/** The draft as a multiplier, or null when it is not a whole number within the server's limits. */
function parseMultiplier(draft: string): number | null {
  if (!/^\d+$/.test(draft.trim())) return null;
  const value = Number(draft.trim());
  return value >= min && value <= max ? value : null;
}

/**
 * How many times a QuikTrade fan-out line's quantity an account trades: a whole-number input saved with
 * `PUT brokers/{id}/multiplier` (Save or Enter); the server's message is shown when it refuses.
 */
export function TradeMultiplierField({ account, label = 'Multiplier' }: TradeMultiplierFieldProps) {
  const inputId = useId();
  const save = useSaveTradeMultiplier(account.id);
  // The draft follows the account's saved value until the user types; a save brings them together again.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(account.tradeMultiplier);
  const value = parseMultiplier(shown);
  const changed = value !== null && value !== account.tradeMultiplier;
  const invalid = value === null;
  const serverError = save.error?.message;
  const error = invalid ? OUT_OF_RANGE : serverError;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value === null || !changed || save.isPending) return;
    save.mutate(value, { onSuccess: () => setDraft(null) });
  };
  return (
    <Form noValidate onSubmit={submit} className="d-inline-flex flex-wrap align-items-center gap-1 mw-100">
      <Form.Label htmlFor={inputId} className="small mb-0 text-body-secondary">
        {label}
      </Form.Label>
      <span className="d-inline-flex align-items-center gap-1">
        <span aria-hidden="true" className="small">
          ×
        </span>
        <Form.Control
          id={inputId}
          size="sm"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          style={{ width: '4.5rem' }}
          aria-label={`Multiplier of ${account.name} (${account.userName})`}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : `${inputId}-error`}
          isInvalid={error !== undefined}
          value={shown}
          onChange={(event) => {
            save.reset();
            setDraft(event.currentTarget.value);
          }}
        />
        <Button
          type="submit"
          size="sm"
          variant="outline-primary"
          disabled={!changed || save.isPending}
          aria-busy={save.isPending}
        >
          {save.isPending && <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />}
          Save
        </Button>
      </span>
      {error !== undefined && (
        <span id={`${inputId}-error`} role="alert" className="small text-danger w-100">
          {error}
        </span>
      )}
    </Form>
  );
}
