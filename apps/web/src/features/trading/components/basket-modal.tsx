import type { BrokerAccount } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { toast } from 'react-toastify/unstyled';
import { fetchBasketMargins } from '../../../lib/trading/basket-margins';
import { newIdempotencyKey, placeBulkOrders, retryLostOrderRequest } from '../api/place-orders';
import { invalidateTrading } from '../api/risk-settings';
import { tradingKey } from '../../../lib/trading/trading-paths';
import type { BasketLine } from '../../../lib/trading/order-window-context';
import { basketResults, type BasketResult } from '../utils/basket-results';
import { toastOrderFailed, toastOrderPlaced } from './order-toasts';

/** The per-line results of an Execute, as a toast shows them. */
function BasketResultList({ results }: { results: readonly BasketResult[] }) {
  return (
    <ul className="list-unstyled mb-0" data-testid="basket-results">
      {results.map((result) => (
        <li key={result.key}>
          {result.displayName}: {result.status} ({result.message})
        </li>
      ))}
    </ul>
  );
}

const DASH = '—';

export interface BasketModalProps {
  account: BrokerAccount;
  lines: readonly BasketLine[];
  onRemove: (key: string) => void;
  /** Empties the basket after Execute. */
  onExecuted: () => void;
  onClose: () => void;
}

/** The basket (spec §2.7): lines, their margin initial vs final (hedged), Execute through bulk-orders. */
export function BasketModal({ account, lines, onRemove, onExecuted, onClose }: BasketModalProps) {
  const queryClient = useQueryClient();
  // Margin is recalculated on open and on Refresh (spec §2.7), not on every render.
  const margins = useQuery({
    queryKey: [...tradingKey(account.id), 'basket-margin', lines.map((line) => line.key).join(',')],
    queryFn: ({ signal }) =>
      fetchBasketMargins(
        account.id,
        lines.map((line) => line.line),
        signal,
      ),
    enabled: lines.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    // eslint-disable-next-line no-console -- spec §8: a failed margin call is logged, not shown.
    if (margins.error !== null) console.warn('[basket] margin not loaded', margins.error);
  }, [margins.error]);

  const execute = useMutation({
    mutationFn: (key: string) =>
      placeBulkOrders(
        account.id,
        lines.map((line) => line.line),
        { origin: 'basket', idempotencyKey: key },
      ),
    retry: retryLostOrderRequest,
    onSuccess: (answer) => {
      const results = basketResults(lines, answer.orders);
      const anyRejected = results.some((result) => result.status === 'rejected');
      (anyRejected ? toast.warning : toast.success)(<BasketResultList results={results} />);
      const first = lines[0];
      if (first !== undefined && !anyRejected) toastOrderPlaced(account, first.line, null);
      void invalidateTrading(queryClient, account.id);
      // Spec §2.7: Execute clears the basket and closes it.
      onExecuted();
      onClose();
    },
    onError: toastOrderFailed,
  });

  const lineMargins = margins.data?.orders ?? [];
  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="basket-title">
      <Modal.Header closeButton>
        <Modal.Title id="basket-title" as="h2" className="fs-6">
          Basket · {account.name} ({account.userName})
        </Modal.Title>
      </Modal.Header>
      <Modal.Body data-testid="basket">
        {lines.length === 0 ? (
          <p className="text-body-secondary mb-0">The basket is empty. Add lines from the order window.</p>
        ) : (
          <div className="table-responsive position-relative">
            <table className="table table-sm align-middle mb-2">
              <thead>
                <tr>
                  <th scope="col">Side</th>
                  <th scope="col">Instrument</th>
                  <th scope="col">Type</th>
                  <th scope="col">Product</th>
                  <th scope="col" className="text-end">
                    Qty
                  </th>
                  <th scope="col" className="text-end">
                    Price
                  </th>
                  <th scope="col" className="text-end">
                    Margin
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((basketLine, index) => {
                  const { line } = basketLine;
                  const margin = lineMargins[index]?.total;
                  return (
                    <tr key={basketLine.key} data-testid="basket-line">
                      <td className={line.transactionType === 'BUY' ? 'text-primary' : 'text-danger'}>
                        {line.transactionType}
                      </td>
                      <td>{basketLine.displayName}</td>
                      <td>{line.orderType}</td>
                      <td>{line.product}</td>
                      <td className="text-end">{line.quantity}</td>
                      <td className="text-end">
                        {line.price === undefined ? DASH : formatIndianNumber(line.price, 2)}
                      </td>
                      <td className="text-end">{margin === undefined ? DASH : formatIndianNumber(margin, 2)}</td>
                      <td>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          aria-label={`Remove ${basketLine.displayName}`}
                          onClick={() => onRemove(basketLine.key)}
                        >
                          ×
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {lines.length > 0 && (
          <dl className="row small mb-0" data-testid="basket-margins">
            <dt className="col-6 col-sm-3">Initial margin</dt>
            <dd className="col-6 col-sm-3" data-testid="basket-initial-margin">
              {margins.data === undefined ? DASH : formatIndianNumber(margins.data.initial.total, 2)}
            </dd>
            <dt className="col-6 col-sm-3">Final margin</dt>
            <dd className="col-6 col-sm-3" data-testid="basket-final-margin">
              {margins.data === undefined ? DASH : formatIndianNumber(margins.data.final.total, 2)}
            </dd>
          </dl>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button
          variant="outline-secondary"
          disabled={lines.length === 0 || margins.isFetching}
          onClick={() => void margins.refetch()}
        >
          Refresh
        </Button>
        <Button
          variant="primary"
          disabled={lines.length === 0 || execute.isPending}
          onClick={() => execute.mutate(newIdempotencyKey())}
        >
          Execute
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
