import type { BrokerAccount, FanOutAccountResult } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { useId, useState } from 'react';
import { Badge, Button, CloseButton, Form, Modal, Table } from 'react-bootstrap';
import { TradeMultiplierField } from '../../../components/trade-multiplier-field';
import { fanOutTally, resultLots, type FanOutReport } from '../utils/fan-out';

/** Props of {@link FanOutControl}. */
export interface FanOutControlProps {
  /** The accounts a fan-out of the terminal's mode reaches (two or more). */
  accounts: readonly BrokerAccount[];
  on: boolean;
  onChange: (on: boolean) => void;
}

const accountLabel = (account: Pick<BrokerAccount, 'type' | 'name' | 'userName'>) =>
  `${account.type} · ${account.name} (${account.userName})`;

/**
 * Beside the account selector when two or more accounts of the terminal's mode are enabled for trading: the
 * "Fan-out: N accounts" switch (off trades only the selected account) and the accounts' multipliers.
 */
export function FanOutControl({ accounts, on, onChange }: FanOutControlProps) {
  const [shown, setShown] = useState(false);
  const titleId = useId();
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-2" data-testid="fan-out-control">
      <Form.Check
        type="switch"
        id="terminal-fan-out"
        role="switch"
        className="mb-0"
        label={`Fan-out: ${accounts.length} accounts`}
        checked={on}
        title={on ? 'One click trades every account at its multiplier' : 'Clicks trade the selected account only'}
        onChange={(event) => {
          onChange(event.currentTarget.checked);
          // As the ARM switch: no focus kept, so the arrow keys reach the terminal at once.
          event.currentTarget.blur();
        }}
      />
      <Button size="sm" variant="outline-secondary" onClick={() => setShown(true)}>
        Multipliers{' '}
        <span className="text-body-secondary">
          {accounts.map((account) => `×${formatIndianNumber(account.tradeMultiplier, 0)}`).join(' ')}
        </span>
      </Button>
      <Modal show={shown} onHide={() => setShown(false)} centered aria-labelledby={titleId}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="fs-5" id={titleId}>
            Fan-out multipliers
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">
            With the fan-out on, one click places its lots times each account’s multiplier on every account below.
          </p>
          <ul className="list-unstyled mb-0 d-flex flex-column gap-3">
            {accounts.map((account) => (
              <li key={account.id}>
                <div className="small fw-semibold text-break">{accountLabel(account)}</div>
                <TradeMultiplierField account={account} />
              </li>
            ))}
          </ul>
        </Modal.Body>
      </Modal>
    </span>
  );
}

/** Props of {@link FanOutResultsPanel}. */
export interface FanOutResultsPanelProps {
  report: FanOutReport;
  /** Every account of the user enabled for trading, to name the results. */
  accounts: readonly BrokerAccount[];
  /** The lot size of a contract by instrument token; null when unknown. */
  lotSizeOf: (instrumentToken: number) => number | null;
  onDismiss: () => void;
}

function statusOf(result: FanOutAccountResult): string {
  return [...new Set(result.orders.map((order) => order.status))].join(', ');
}

/** The per-account results of the last fan-out click: placed with lots and order status, or rejected and why. */
export function FanOutResultsPanel({ report, accounts, lotSizeOf, onDismiss }: FanOutResultsPanelProps) {
  const { placed, rejected, failed } = fanOutTally(report);
  const named = (result: FanOutAccountResult) => {
    const account = accounts.find((candidate) => candidate.id === result.brokerId);
    return account === undefined ? result.userName : accountLabel(account);
  };
  return (
    <section
      aria-label="Fan-out results"
      className="border rounded p-2 bg-body-tertiary"
      data-testid="fan-out-results"
      aria-live="polite"
    >
      <div className="d-flex align-items-center gap-2 mb-1">
        <h2 className="h6 mb-0 me-auto">
          Fan-out: {placed} placed
          {rejected > 0 ? `, ${rejected} rejected` : ''}
          {failed > 0 ? `, ${failed} not sent` : ''}
        </h2>
        <CloseButton aria-label="Dismiss the fan-out results" onClick={onDismiss} />
      </div>
      {report.lines.map((outcome, index) => (
        <div key={index} className="small">
          <div className="fw-semibold text-break">
            {outcome.line.transactionType} {outcome.line.tradingSymbol}
            {outcome.result !== null && (
              <Badge bg={outcome.result.mode === 'live' ? 'danger' : 'secondary'} className="ms-2">
                {outcome.result.mode === 'live' ? 'Live' : 'Paper'}
              </Badge>
            )}
          </div>
          {outcome.result === null ? (
            <p className="text-danger mb-1">Not sent: {outcome.error}</p>
          ) : (
            <div className="table-responsive">
              <Table size="sm" className="mb-1 align-middle">
                <thead>
                  <tr>
                    <th scope="col">Account</th>
                    <th scope="col" className="text-end">
                      Multiplier
                    </th>
                    <th scope="col">Result</th>
                  </tr>
                </thead>
                <tbody>
                  {outcome.result.results.map((result) => {
                    const token = result.orders[0]?.instrumentToken;
                    const lots = resultLots(result, token === undefined ? null : lotSizeOf(token));
                    return (
                      <tr key={result.brokerId} data-testid={`fan-out-result-${result.brokerId}`}>
                        <td className="text-break">{named(result)}</td>
                        <td className="text-end">×{formatIndianNumber(result.multiplier, 0)}</td>
                        <td>
                          {result.status === 'placed' ? (
                            <>
                              <Badge bg="success" className="me-1">
                                Placed
                              </Badge>
                              {lots !== null &&
                                `${formatIndianNumber(lots, Number.isInteger(lots) ? 0 : 2)} lot${lots === 1 ? '' : 's'} · `}
                              {statusOf(result)}
                            </>
                          ) : (
                            <>
                              <Badge bg="danger" className="me-1">
                                Rejected
                              </Badge>
                              <span className="text-break">{result.reason ?? statusOf(result)}</span>
                            </>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
