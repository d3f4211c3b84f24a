import type { BrokerAccount, OrderView } from '@fnodesk/contracts';
import { formatIndianNumber, formatIstDateTime } from '@fnodesk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button, Nav, Table } from 'react-bootstrap';
import { toast } from 'react-toastify/unstyled';
import { useOrderWindow } from '../../../lib/trading/order-window-context';
import { cancelOrder, newIdempotencyKey, retryLostOrderRequest } from '../api/place-orders';
import { invalidateTrading } from '../api/risk-settings';
import { useOrderBook, useTradeBook } from '../api/trading-queries';
import { useTradingEvents } from '../hooks/use-trading-events';
import { isModifiable, orderGroupCounts, orderGroupOf, type OrderGroup } from '../utils/order-groups';
import { BookState, TradingPageFrame } from './trading-page-frame';

type Tab = OrderGroup | 'trades';
const TABS: readonly { id: Tab; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'completed', label: 'Completed' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'cancelled', label: 'Cancelled' },
  { id: 'trades', label: 'Trades' },
];

const money = (value: number | null) => (value === null ? '—' : formatIndianNumber(value, 2));
const time = (iso: string) => formatIstDateTime(Date.parse(iso));

/** /trading/orders: the order book by state, modify and cancel, and the trades. */
export function OrdersScreen() {
  return <TradingPageFrame title="Orders">{(account) => <OrdersBody account={account} />}</TradingPageFrame>;
}

function OrdersBody({ account }: { account: BrokerAccount }) {
  const [tab, setTab] = useState<Tab>('open');
  const book = useOrderBook(account.id);
  const orders = useMemo(() => book.data?.orders ?? [], [book.data]);
  const tokens = useMemo(() => [...new Set(orders.map((order) => order.instrumentToken))], [orders]);
  useTradingEvents(account.id, tokens);
  const counts = orderGroupCounts(orders);
  const shown = orders.filter((order) => tab !== 'trades' && orderGroupOf(order.status) === tab);
  return (
    <>
      <p className="small mb-0" data-testid="order-counts">
        Total {orders.length} · Completed {counts.completed}
      </p>
      <Nav variant="tabs" activeKey={tab} onSelect={(key) => setTab((key as Tab | null) ?? 'open')}>
        {TABS.map((entry) => (
          <Nav.Item key={entry.id}>
            <Nav.Link eventKey={entry.id}>
              {entry.label}
              {entry.id !== 'trades' && ` (${counts[entry.id]})`}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {tab === 'trades' ? (
        <TradesTable account={account} />
      ) : (
        <>
          <BookState
            loading={book.isPending}
            error={book.error}
            empty={shown.length === 0}
            emptyText={`No ${tab} orders.`}
          />
          {shown.length > 0 && <OrderTable account={account} orders={shown} />}
        </>
      )}
    </>
  );
}

/** Orders with Modify and Cancel on the open ones (also the terminal's orders panel). */
export function OrderTable({ account, orders }: { account: BrokerAccount; orders: readonly OrderView[] }) {
  const window = useOrderWindow();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: ({ order, key }: { order: OrderView; key: string }) => cancelOrder(account.id, order.id, key),
    retry: retryLostOrderRequest,
    onSuccess: () => void invalidateTrading(queryClient, account.id),
    onError: (error) => toast.error(error.message),
  });
  return (
    <div className="table-responsive position-relative">
      <Table size="sm" hover className="align-middle small text-nowrap mb-0" data-testid="orders-table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Order ID</th>
            <th scope="col">Instrument</th>
            <th scope="col">Type</th>
            <th scope="col">Side</th>
            <th scope="col">Product</th>
            <th scope="col" className="text-end">
              Qty
            </th>
            <th scope="col" className="text-end">
              Price
            </th>
            <th scope="col" className="text-end">
              Trigger
            </th>
            <th scope="col" className="text-end">
              Avg
            </th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-testid="order-row" data-status={order.status} data-symbol={order.tradingSymbol}>
              <td>{time(order.placedAt)}</td>
              <td className="font-monospace">{order.brokerOrderId ?? order.id}</td>
              <td>{order.tradingSymbol}</td>
              <td>{order.orderType}</td>
              <td className={order.transactionType === 'BUY' ? 'text-primary' : 'text-danger'}>
                {order.transactionType}
              </td>
              <td>{order.product}</td>
              <td className="text-end">
                {order.filledQuantity}/{order.quantity}
              </td>
              <td className="text-end">{money(order.price)}</td>
              <td className="text-end">{money(order.triggerPrice)}</td>
              <td className="text-end">{money(order.averagePrice)}</td>
              <td>
                {order.status}
                {order.statusMessage !== null && (
                  <div className="small text-body-secondary text-wrap">{order.statusMessage}</div>
                )}
              </td>
              <td>
                {isModifiable(order) && (
                  <span className="d-inline-flex gap-1">
                    <Button
                      size="sm"
                      variant="outline-warning"
                      onClick={() =>
                        window.open({
                          instrumentToken: order.instrumentToken,
                          side: order.transactionType,
                          brokerId: account.id,
                          order: {
                            orderId: order.id,
                            orderType: order.orderType,
                            product: order.product,
                            validity: order.validity,
                            variety: order.variety,
                            quantity: order.quantity,
                            price: order.price ?? 0,
                            triggerPrice: order.triggerPrice ?? 0,
                          },
                        })
                      }
                    >
                      Modify
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={cancel.isPending}
                      onClick={() => cancel.mutate({ order, key: newIdempotencyKey() })}
                    >
                      Cancel
                    </Button>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** The day's fills of an account (also a panel of the terminal). */
export function TradesTable({ account }: { account: BrokerAccount }) {
  const trades = useTradeBook(account.id);
  const rows = trades.data?.trades ?? [];
  return (
    <>
      <BookState
        loading={trades.isPending}
        error={trades.error}
        empty={rows.length === 0}
        emptyText="No trades today."
      />
      {rows.length > 0 && (
        <div className="table-responsive position-relative">
          <Table size="sm" className="small text-nowrap mb-0" data-testid="trades-table">
            <thead>
              <tr>
                <th scope="col">Trade ID</th>
                <th scope="col">Order ID</th>
                <th scope="col">Instrument</th>
                <th scope="col">Side</th>
                <th scope="col" className="text-end">
                  Qty
                </th>
                <th scope="col" className="text-end">
                  Avg price
                </th>
                <th scope="col" className="text-end">
                  Charges
                </th>
                <th scope="col">Filled</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((trade) => (
                <tr key={trade.id}>
                  <td className="font-monospace">{trade.id}</td>
                  <td className="font-monospace">{trade.brokerOrderId ?? trade.orderId}</td>
                  <td>{trade.tradingSymbol}</td>
                  <td>{trade.transactionType}</td>
                  <td className="text-end">{trade.quantity}</td>
                  <td className="text-end">{money(trade.price)}</td>
                  <td className="text-end">{money(trade.charges?.total ?? null)}</td>
                  <td>{time(trade.filledAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}
