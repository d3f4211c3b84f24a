import type { Instrument } from '@fnodesk/contracts';
import { formatRupees } from '@fnodesk/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { strikeLabel } from '../../../components/charts/echart-options';
import { fetchBasketMargins } from '../../../lib/trading/basket-margins';
import { useOptionalOrderWindow, type BasketLine } from '../../../lib/trading/order-window-context';
import { tradingKey } from '../../../lib/trading/trading-paths';
import { useDataQuery } from '../../../lib/use-data-query';
import { strategyOrderLines, type BuilderLeg } from '../utils/builder-legs';

const NO_INSTRUMENTS: readonly Instrument[] = [];

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="border rounded px-2 py-1">
      <dt className="small text-body-secondary fw-normal">{label}</dt>
      <dd className="mb-0 fw-semibold font-monospace" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The strategy as orders (pages brief G6): its required margin from `fetch-basket-margins` on the user's trading
 * account — leg by leg (initial) and hedged (final), and the hedge benefit between them — and "Add to basket" /
 * "Execute" through the order window's basket, each leg a market order.
 */
export function StrategyOrders({ legs, underlying }: { legs: readonly BuilderLeg[]; underlying: string }) {
  const orders = useOptionalOrderWindow();
  const account = orders?.account ?? null;
  const [added, setAdded] = useState<number | null>(null);
  const tokens = useMemo(() => [...new Set(legs.map((leg) => leg.token))], [legs]);
  const instruments = useDataQuery('instruments', tokens.length === 0 ? null : { tokens }, { staleTime: Infinity });
  const list = instruments.data?.data ?? NO_INSTRUMENTS;
  const lines = useMemo<Omit<BasketLine, 'key'>[] | null>(
    () => strategyOrderLines(legs, list, (leg) => legName(underlying, leg)),
    [legs, list, underlying],
  );
  const linesKey = JSON.stringify(lines);
  const margins = useQuery({
    queryKey: [...tradingKey(account?.id ?? ''), 'strategy-margin', linesKey],
    queryFn: ({ signal }) =>
      fetchBasketMargins(
        account!.id,
        lines!.map((entry) => entry.line),
        signal,
      ),
    enabled: account !== null && lines !== null && lines.length > 0,
    retry: false,
    staleTime: 60_000,
  });

  if (orders === null || orders.refusal !== null || account === null) {
    const refusal = orders?.refusal;
    return (
      <p className="small text-body-secondary mb-0" data-testid="strategy-orders-refused">
        Margin and orders need a trading account.{' '}
        {refusal != null && (
          <>
            {refusal.message} <Link to={refusal.href}>{refusal.linkText}</Link>
          </>
        )}
      </p>
    );
  }
  const initial = margins.data?.initial.total;
  const final = margins.data?.final.total;
  const add = () => {
    if (lines === null) return;
    orders.addToBasket(lines);
    setAdded(lines.length);
  };
  return (
    <div className="d-flex flex-column gap-2" data-testid="strategy-orders">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <dl className="d-flex flex-wrap gap-2 mb-0" aria-label={`Margin on ${account.name}`}>
          <Figure
            label="Required margin"
            value={final === undefined ? '–' : formatRupees(final, 0)}
            testId="strategy-margin"
          />
          <Figure
            label="Without hedge"
            value={initial === undefined ? '–' : formatRupees(initial, 0)}
            testId="strategy-margin-initial"
          />
          <Figure
            label="Hedge benefit"
            value={initial === undefined || final === undefined ? '–' : formatRupees(initial - final, 0)}
            testId="strategy-hedge-benefit"
          />
        </dl>
        {(margins.isFetching || instruments.isPending) && (
          <Spinner animation="border" size="sm" role="status" aria-label="Loading the margin" />
        )}
        {margins.isError && (
          <Button size="sm" variant="link" className="p-0" onClick={() => void margins.refetch()}>
            The margin could not be loaded: try again
          </Button>
        )}
        {instruments.isError && <span className="small text-danger">The legs’ contracts could not be looked up.</span>}
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button size="sm" variant="outline-primary" disabled={lines === null} onClick={add}>
          Add to basket
        </Button>
        <Button
          size="sm"
          variant="primary"
          disabled={lines === null}
          onClick={() => {
            add();
            orders.openBasket();
          }}
        >
          Execute
        </Button>
        <span className="small text-body-secondary">
          Each leg is a market order on {account.name}
          {added === null ? '' : `; ${added} added to the basket (${orders.basket.length} in it)`}.
        </span>
      </div>
    </div>
  );
}

function legName(underlying: string, leg: BuilderLeg): string {
  const contract = leg.strike === null ? `${underlying} FUT` : `${underlying} ${strikeLabel(leg.strike)} ${leg.kind}`;
  return `${contract} ${leg.expiry}`;
}
