import type { BrokerAccount } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { useFunds } from '../api/trading-queries';
import { useTradingEvents } from '../hooks/use-trading-events';
import { PaperResetDialog } from './paper-reset-dialog';
import { BookState, TradingPageFrame } from './trading-page-frame';

const NO_TOKENS: readonly number[] = [];

/** /trading/funds: capital, used margin (SPAN, exposure, premium), available cash, realised P&L and charges. */
export function FundsScreen() {
  return <TradingPageFrame title="Funds">{(account) => <FundsBody account={account} />}</TradingPageFrame>;
}

/** An account's funds table (also a panel of the terminal). */
export function FundsBody({ account }: { account: BrokerAccount }) {
  const funds = useFunds(account.id);
  useTradingEvents(account.id, NO_TOKENS);
  const [resetting, setResetting] = useState(false);
  const equity = funds.data?.equity;
  const rows: readonly [string, number | undefined][] = [
    ['Opening balance', equity?.openingBalance],
    ['Available cash', equity?.available.cash],
    ['Live balance', equity?.available.liveBalance],
    ['Used margin', equity?.utilised.debits],
    ['SPAN', equity?.utilised.span],
    ['Exposure', equity?.utilised.exposure],
    ['Option premium', equity?.utilised.optionPremium],
    ['Realised P&L', equity?.utilised.realisedPnl],
    ['Unrealised P&L', equity?.utilised.unrealisedPnl],
    ['Charges', equity?.utilised.charges],
  ];
  return (
    <>
      <BookState loading={funds.isPending} error={funds.error} empty={false} emptyText="" />
      {equity !== undefined && (
        <Table size="sm" className="small mb-0" style={{ maxWidth: '32rem' }} data-testid="funds-table">
          <caption className="caption-top">
            {funds.data?.mode === 'paper' ? 'Paper trading capital' : 'Broker funds'}
          </caption>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label} data-label={label}>
                <th scope="row" className="fw-normal">
                  {label}
                </th>
                <td className="text-end font-monospace">
                  {value === undefined ? '—' : `₹${formatIndianNumber(value, 2)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {equity !== undefined && funds.data?.mode === 'paper' && (
        <div className="mt-3">
          <Button variant="outline-danger" size="sm" onClick={() => setResetting(true)}>
            Reset
          </Button>
        </div>
      )}
      {resetting && equity !== undefined && (
        <PaperResetDialog account={account} capital={equity.openingBalance} onClose={() => setResetting(false)} />
      )}
    </>
  );
}
