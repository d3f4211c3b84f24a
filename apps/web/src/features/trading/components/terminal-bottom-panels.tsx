import type { BrokerAccount } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { useState } from 'react';
import { Nav, Table } from 'react-bootstrap';
import { useOrderBook, usePositionBook } from '../api/trading-queries';
import { FundsBody } from './funds-screen';
import { OrderTable, TradesTable } from './orders-screen';
import { LogsBody } from './trading-logs-screen';
import { BookState } from './trading-page-frame';

type Panel = 'orders' | 'trades' | 'closed' | 'logs' | 'funds';
const PANELS: readonly { id: Panel; label: string }[] = [
  { id: 'orders', label: 'Orders' },
  { id: 'trades', label: 'Trades' },
  { id: 'closed', label: 'Closed Position' },
  { id: 'logs', label: 'Logs' },
  { id: 'funds', label: 'Funds' },
];

/**
 * The terminal's bottom panels: the day's orders, trades, closed positions, the trading log and funds. The terminal
 * listens to the account's order events, which reload these books, so they update without a reload.
 */
export function TerminalBottomPanels({ account }: { account: BrokerAccount }) {
  const [panel, setPanel] = useState<Panel>('orders');
  return (
    <section aria-label="Orders and funds" className="d-flex flex-column gap-2 min-w-0">
      <Nav variant="tabs" activeKey={panel} onSelect={(key) => setPanel((key as Panel | null) ?? 'orders')}>
        {PANELS.map((entry) => (
          <Nav.Item key={entry.id}>
            <Nav.Link eventKey={entry.id}>{entry.label}</Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {panel === 'orders' && <OrdersPanel account={account} />}
      {panel === 'trades' && <TradesTable account={account} />}
      {panel === 'closed' && <ClosedPanel account={account} />}
      {panel === 'logs' && <LogsBody account={account} />}
      {panel === 'funds' && <FundsBody account={account} />}
    </section>
  );
}

function OrdersPanel({ account }: { account: BrokerAccount }) {
  const book = useOrderBook(account.id);
  const orders = book.data?.orders ?? [];
  return (
    <div data-testid="terminal-orders">
      <BookState loading={book.isPending} error={book.error} empty={orders.length === 0} emptyText="No orders today." />
      {orders.length > 0 && <OrderTable account={account} orders={orders} />}
    </div>
  );
}

function ClosedPanel({ account }: { account: BrokerAccount }) {
  const book = usePositionBook(account.id);
  const closed = (book.data?.positions ?? []).filter((position) => position.quantity === 0);
  return (
    <>
      <BookState
        loading={book.isPending}
        error={book.error}
        empty={closed.length === 0}
        emptyText="No closed positions today."
      />
      {closed.length > 0 && (
        <div className="table-responsive position-relative">
          <Table size="sm" className="small text-nowrap mb-0" data-testid="terminal-closed-positions">
            <thead>
              <tr>
                <th scope="col">Instrument</th>
                <th scope="col">Product</th>
                <th scope="col" className="text-end">
                  Lot
                </th>
                <th scope="col" className="text-end">
                  Realised MTM
                </th>
                <th scope="col" className="text-end">
                  Net P&amp;L
                </th>
              </tr>
            </thead>
            <tbody>
              {closed.map((position) => (
                <tr key={position.id}>
                  <td>{position.tradingSymbol}</td>
                  <td>{position.product}</td>
                  <td className="text-end">
                    {Math.max(position.buyQuantity, position.sellQuantity) / position.lotSize}
                  </td>
                  <td className="text-end">{formatIndianNumber(position.realisedPnl, 2)}</td>
                  <td className="text-end">{formatIndianNumber(position.netPnl, 2)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}
