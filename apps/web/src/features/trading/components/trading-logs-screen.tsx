import type { BrokerAccount } from '@fnodesk/contracts';
import { formatIstDateTime } from '@fnodesk/domain';
import { useState } from 'react';
import { Form, Table } from 'react-bootstrap';
import { useTradingLog } from '../api/trading-queries';
import { BookState, TradingPageFrame } from './trading-page-frame';

const DAY_MS = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** /trading/logs: every order action and broker answer between two dates, searchable. */
export function TradingLogsScreen() {
  return <TradingPageFrame title="Logs">{(account) => <LogsBody account={account} />}</TradingPageFrame>;
}

/** The trading log of an account: a date range, a search and the lines (also a panel of the terminal). */
export function LogsBody({ account }: { account: BrokerAccount }) {
  const [from, setFrom] = useState(() => isoDate(Date.now()));
  const [to, setTo] = useState(() => isoDate(Date.now()));
  const [search, setSearch] = useState('');
  // The day ends at the next midnight (UTC dates; the server reads instants).
  const log = useTradingLog(
    account.id,
    `${from}T00:00:00Z`,
    new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString(),
  );
  const needle = search.trim().toLowerCase();
  const rows = (log.data?.logs ?? []).filter(
    (entry) => needle === '' || `${entry.action} ${entry.message}`.toLowerCase().includes(needle),
  );
  return (
    <>
      <div className="d-flex flex-wrap gap-2">
        <Form.Control
          size="sm"
          type="date"
          className="w-auto"
          aria-label="From"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <Form.Control
          size="sm"
          type="date"
          className="w-auto"
          aria-label="To"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Form.Control
          size="sm"
          type="search"
          className="w-auto"
          aria-label="Search"
          placeholder="Search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </div>
      <BookState loading={log.isPending} error={log.error} empty={rows.length === 0} emptyText="No log lines." />
      {rows.length > 0 && (
        <div className="table-responsive position-relative">
          <Table size="sm" className="small mb-0" data-testid="logs-table">
            <thead>
              <tr>
                <th scope="col">Time Stamp</th>
                <th scope="col">Action</th>
                <th scope="col">Text</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
                <tr key={entry.id} className={entry.level === 'error' ? 'text-danger' : ''}>
                  <td className="text-nowrap">{formatIstDateTime(Date.parse(entry.at))}</td>
                  <td className="text-nowrap">{entry.action}</td>
                  <td>{entry.message}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}
