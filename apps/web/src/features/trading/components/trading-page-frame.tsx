import type { BrokerAccount } from '@fnodesk/contracts';
import { useState, type ReactNode } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { useOptionalOrderWindow } from '../../../lib/trading/order-window-context';

export interface TradingPageFrameProps {
  title: string;
  /** The page body for the chosen account. */
  children: (account: BrokerAccount) => ReactNode;
  /** Buttons beside the account switcher. */
  actions?: ReactNode;
}

/**
 * The frame of every trading page: its title, an account switcher when the user has several tradable accounts, and
 * what to do when there is none (the plan or broker login that is missing, with its link).
 */
export function TradingPageFrame({ title, children, actions }: TradingPageFrameProps) {
  const orders = useOptionalOrderWindow();
  const accounts = orders?.accounts ?? [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const account = accounts.find((candidate) => candidate.id === chosenId) ?? accounts[0] ?? null;
  return (
    <div className="trading-page d-flex flex-column gap-3 min-w-0 mw-100" data-testid="trading-page">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h1 className="h4 mb-0 me-auto">{title}</h1>
        {accounts.length > 1 && account !== null && (
          <Form.Select
            size="sm"
            className="w-auto"
            aria-label="Account"
            value={account.id}
            onChange={(event) => setChosenId(event.currentTarget.value)}
          >
            {accounts.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name} ({candidate.userName})
              </option>
            ))}
          </Form.Select>
        )}
        {accounts.length === 1 && account !== null && (
          <span className="small text-body-secondary" data-testid="trading-account">
            {account.name} ({account.userName})
          </span>
        )}
        {actions}
      </div>
      {account === null ? (
        <Alert variant="warning" className="mb-0">
          <p className="mb-1">{orders?.refusal?.message ?? 'No broker account is logged in for trading.'}</p>
          <Link to={orders?.refusal?.href ?? '/trading/broker-accounts'}>
            {orders?.refusal?.linkText ?? 'Open the Broker List'}
          </Link>
        </Alert>
      ) : (
        children(account)
      )}
    </div>
  );
}

/** The loading, error and empty states of a trading table. */
export function BookState(props: { loading: boolean; error: Error | null; empty: boolean; emptyText: string }) {
  if (props.loading) return <p className="text-body-secondary mb-0">Loading…</p>;
  if (props.error !== null) {
    return (
      <Alert variant="danger" className="mb-0">
        {props.error.message}
      </Alert>
    );
  }
  if (props.empty) return <p className="text-body-secondary mb-0">{props.emptyText}</p>;
  return null;
}
