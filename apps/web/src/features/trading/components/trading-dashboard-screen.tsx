import type { BrokerAccount } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { useMemo } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useOptionalOrderWindow } from '../../../lib/trading/order-window-context';
import { useFunds, useOrderBook, usePositionBook } from '../api/trading-queries';
import { useTradingEvents } from '../hooks/use-trading-events';
import { orderGroupCounts } from '../utils/order-groups';
import { livePnl, totalPnl } from '../utils/position-mtm';
import { TradingPageFrame } from './trading-page-frame';

const money = (value: number | undefined) => (value === undefined ? '—' : `₹${formatIndianNumber(value, 2)}`);

/** /trading/dashboard: one card per tradable account (funds, day P&L, open positions and orders); Launch QuikTrade opens the terminal. */
export function TradingDashboardScreen() {
  const orders = useOptionalOrderWindow();
  const accounts = orders?.accounts ?? [];
  return (
    <TradingPageFrame
      title="Trading Dashboard"
      actions={
        <Button size="sm" variant="outline-primary" href="/pages/trading" target="_blank" rel="noopener">
          Launch QuikTrade
        </Button>
      }
    >
      {() => (
        <div className="row g-3">
          {accounts.map((account) => (
            <div key={account.id} className="col-12 col-md-6 col-xl-4">
              <AccountCard account={account} />
            </div>
          ))}
        </div>
      )}
    </TradingPageFrame>
  );
}

function AccountCard({ account }: { account: BrokerAccount }) {
  const funds = useFunds(account.id).data;
  const positions = usePositionBook(account.id).data?.positions;
  const orders = useOrderBook(account.id).data?.orders;
  const tokens = useMemo(() => (positions ?? []).map((p) => p.instrumentToken), [positions]);
  const { ticks } = useTradingEvents(account.id, tokens);
  const pnl =
    positions === undefined
      ? undefined
      : totalPnl(positions.map((p) => livePnl(p, ticks.get(p.instrumentToken)?.lp))).pnl;
  const open = positions?.filter((p) => p.quantity !== 0).length;
  return (
    <Card className="h-100" data-testid="dashboard-account">
      <Card.Header className="d-flex align-items-center gap-2">
        <span className="fw-semibold">{account.name}</span>
        <span className="small text-body-secondary">{account.userName}</span>
        {account.isDefault && <span className="badge text-bg-primary ms-auto">Default</span>}
      </Card.Header>
      <Card.Body className="small">
        <dl className="row mb-0">
          <dt className="col-6 fw-normal">Available</dt>
          <dd className="col-6 text-end">{money(funds?.equity.available.cash)}</dd>
          <dt className="col-6 fw-normal">Used margin</dt>
          <dd className="col-6 text-end">{money(funds?.equity.utilised.debits)}</dd>
          <dt className="col-6 fw-normal">Day P&amp;L</dt>
          <dd className={`col-6 text-end ${(pnl ?? 0) >= 0 ? 'text-success' : 'text-danger'}`}>{money(pnl)}</dd>
          <dt className="col-6 fw-normal">Open positions</dt>
          <dd className="col-6 text-end">{open ?? '—'}</dd>
          <dt className="col-6 fw-normal">Open orders</dt>
          <dd className="col-6 text-end">{orders === undefined ? '—' : orderGroupCounts(orders).open}</dd>
        </dl>
      </Card.Body>
    </Card>
  );
}
