import type { BrokerAccount } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { useMemo } from 'react';
import { Table } from 'react-bootstrap';
import { useHoldings } from '../api/trading-queries';
import { useTradingEvents } from '../hooks/use-trading-events';
import { BookState, TradingPageFrame } from './trading-page-frame';

const money = (value: number | null) => (value === null ? '—' : formatIndianNumber(value, 2));

/** /trading/holdings: symbol, quantity, average, live price, value and P&L. */
export function HoldingsScreen() {
  return <TradingPageFrame title="Holdings">{(account) => <HoldingsBody account={account} />}</TradingPageFrame>;
}

function HoldingsBody({ account }: { account: BrokerAccount }) {
  const holdings = useHoldings(account.id);
  const rows = useMemo(() => holdings.data?.holdings ?? [], [holdings.data]);
  const tokens = useMemo(() => rows.map((row) => row.instrumentToken), [rows]);
  const { ticks } = useTradingEvents(account.id, tokens);
  return (
    <>
      <BookState
        loading={holdings.isPending}
        error={holdings.error}
        empty={rows.length === 0}
        emptyText="No holdings."
      />
      {rows.length > 0 && (
        <div className="table-responsive position-relative">
          <Table size="sm" className="small text-nowrap mb-0">
            <thead>
              <tr>
                <th scope="col">Symbol</th>
                <th scope="col" className="text-end">
                  Qty
                </th>
                <th scope="col" className="text-end">
                  Avg
                </th>
                <th scope="col" className="text-end">
                  LTP
                </th>
                <th scope="col" className="text-end">
                  Value
                </th>
                <th scope="col" className="text-end">
                  P&amp;L
                </th>
                <th scope="col" className="text-end">
                  P&amp;L %
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const ltp = ticks.get(row.instrumentToken)?.lp ?? row.lastPrice;
                const cost = row.averagePrice * row.quantity;
                const pnl = ltp === null ? row.pnl : (ltp - row.averagePrice) * row.quantity;
                return (
                  <tr key={`${row.exchange}:${row.tradingSymbol}`}>
                    <td>{row.tradingSymbol}</td>
                    <td className="text-end">{row.quantity}</td>
                    <td className="text-end">{money(row.averagePrice)}</td>
                    <td className="text-end">{money(ltp)}</td>
                    <td className="text-end">{money(ltp === null ? null : ltp * row.quantity)}</td>
                    <td className={`text-end ${pnl >= 0 ? 'text-success' : 'text-danger'}`}>{money(pnl)}</td>
                    <td className="text-end">{cost > 0 ? `${((pnl / cost) * 100).toFixed(2)}%` : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}
