import type { DataResponse } from '@fnodesk/contracts';
import { formatIndianNumber, formatRupees } from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataQuery } from '../../../lib/use-data-query';

type SessionRow = DataResponse<'recentring-sim'>['sessions'][number];

const rupees = (value: number) => formatRupees(value, 0);
const tone = (value: number) => (value > 0 ? 'text-success' : value < 0 ? 'text-danger' : '');

const COLUMNS: readonly DataTableColumn<SessionRow>[] = [
  { id: 'date', header: 'Session', label: 'Session', rowHeader: true, filter: 'text', value: (row) => row.date },
  { id: 'expiry', header: 'Expiry', label: 'Expiry', filter: 'text', value: (row) => row.expiry },
  {
    id: 'strikes',
    header: 'Sold first',
    label: 'Sold first (CE/PE)',
    value: (row) => (row.ceStrike === null ? null : `${row.ceStrike}/${row.peStrike}`),
  },
  {
    id: 'gross',
    header: 'Gross P&L',
    label: 'Gross P&L',
    filter: 'numeric',
    value: (row) => row.grossPnl,
    cell: (row) => rupees(row.grossPnl),
  },
  {
    id: 'charges',
    header: 'Charges',
    label: 'Charges',
    filter: 'numeric',
    value: (row) => row.charges,
    cell: (row) => formatRupees(row.charges, 2),
  },
  {
    id: 'net',
    header: 'Net P&L',
    label: 'Net P&L',
    filter: 'numeric',
    value: (row) => row.netPnl,
    cell: (row) => rupees(row.netPnl),
    cellClassName: (row) => tone(row.netPnl),
  },
  {
    id: 'drawdown',
    header: 'Max drawdown',
    label: 'Max drawdown',
    filter: 'numeric',
    value: (row) => row.maxDrawdown,
    cell: (row) => rupees(row.maxDrawdown),
  },
  {
    id: 'adjustments',
    header: 'Adjustments',
    label: 'Adjustments',
    filter: 'numeric',
    value: (row) => row.adjustments,
  },
];

interface Rules {
  width: number;
  move: string;
  ratio: string;
  lots: number;
}

/**
 * The re-centring simulator (pages brief G6, beyond the peers): a short ATM straddle (width 0) or strangle of the
 * underlying's nearest expiry, re-centred when the underlying moves N points or the leg premium ratio passes X, run
 * on the server over the last 20 sessions' 1-minute data: P&L after charges, drawdown and adjustments per session.
 */
export function RecentringPanel({ underlying }: { underlying: string }) {
  const [rules, setRules] = useState<Rules>({ width: 0, move: '50', ratio: '', lots: 1 });
  const [run, setRun] = useState<Rules | null>(null);
  const params = useMemo(
    () =>
      run === null
        ? null
        : {
            name: underlying,
            width: run.width,
            lots: run.lots,
            ...(run.move.trim() === '' ? {} : { move: run.move.trim() }),
            ...(run.ratio.trim() === '' ? {} : { ratio: run.ratio.trim() }),
          },
    [run, underlying],
  );
  const query = useDataQuery('recentring-sim', params, { staleTime: 10 * 60_000 });
  const answer = query.data?.data;
  const totals = answer?.totals;
  const noRule = rules.move.trim() === '' && rules.ratio.trim() === '';

  return (
    <section className="card" aria-labelledby="recentring-title" data-testid="recentring-panel">
      <div className="card-header py-1 px-2">
        <h2 id="recentring-title" className="fs-6 mb-0">
          Re-centring simulator: short {rules.width === 0 ? 'straddle' : 'strangle'}, last 20 sessions
        </h2>
      </div>
      <div className="card-body p-2 d-flex flex-column gap-2">
        <form
          className="d-flex flex-wrap align-items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setRun(rules);
          }}
        >
          <Form.Group controlId="recentring-width">
            <Form.Label className="small mb-0">Strikes from ATM</Form.Label>
            <Form.Select
              size="sm"
              value={rules.width}
              onChange={(event) => {
                const width = Number(event.currentTarget.value);
                setRules((r) => ({ ...r, width }));
              }}
            >
              {Array.from({ length: 11 }, (_, width) => (
                <option key={width} value={width}>
                  {width === 0 ? '0 (straddle)' : `±${width}`}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="recentring-move">
            <Form.Label className="small mb-0">Move (points)</Form.Label>
            <Form.Control
              size="sm"
              type="number"
              min={1}
              step="any"
              style={{ width: '7rem' }}
              value={rules.move}
              onChange={(event) => {
                const move = event.currentTarget.value;
                setRules((r) => ({ ...r, move }));
              }}
            />
          </Form.Group>
          <Form.Group controlId="recentring-ratio">
            <Form.Label className="small mb-0">Premium ratio</Form.Label>
            <Form.Control
              size="sm"
              type="number"
              min={1.05}
              step="any"
              placeholder="off"
              style={{ width: '6rem' }}
              value={rules.ratio}
              onChange={(event) => {
                const ratio = event.currentTarget.value;
                setRules((r) => ({ ...r, ratio }));
              }}
            />
          </Form.Group>
          <Form.Group controlId="recentring-lots">
            <Form.Label className="small mb-0">Lots</Form.Label>
            <Form.Control
              size="sm"
              type="number"
              min={1}
              max={100}
              style={{ width: '5rem' }}
              value={rules.lots}
              onChange={(event) => {
                const lots = Math.trunc(Number(event.currentTarget.value));
                if (lots >= 1 && lots <= 100) setRules((r) => ({ ...r, lots }));
              }}
            />
          </Form.Group>
          <Button size="sm" type="submit" disabled={query.isFetching}>
            Simulate
          </Button>
          {noRule && <span className="small text-body-secondary">No rule: the pair is held all session.</span>}
        </form>
        {run === null ? (
          <p className="small text-body-secondary mb-0">
            Choose the rules and press Simulate to run them over {underlying}’s last 20 sessions.
          </p>
        ) : query.isPending ? (
          <Spinner animation="border" size="sm" role="status" aria-label="Simulating" />
        ) : query.isError ? (
          <p className="small text-danger mb-0">
            The simulation could not be run ({query.error.message}).{' '}
            <Button size="sm" variant="link" className="p-0 align-baseline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </p>
        ) : answer !== undefined && totals !== undefined ? (
          <>
            <dl className="d-flex flex-wrap gap-2 mb-0">
              {[
                ['Net P&L', rupees(totals.netPnl), 'recentring-net'],
                ['Charges', rupees(totals.charges), 'recentring-charges'],
                ['Adjustments', formatIndianNumber(totals.adjustments, 0), 'recentring-adjustments'],
                ['Worst drawdown', rupees(totals.worstDrawdown), 'recentring-drawdown'],
                ['Winning sessions', `${totals.winningSessions} of ${answer.sessions.length}`, 'recentring-wins'],
                ['Quantity per leg', formatIndianNumber(answer.quantity, 0), 'recentring-quantity'],
              ].map(([label, value, testId]) => (
                <div key={label} className="border rounded px-2 py-1">
                  <dt className="small text-body-secondary fw-normal">{label}</dt>
                  <dd className="mb-0 fw-semibold font-monospace" data-testid={testId}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            <DataTable
              columns={COLUMNS}
              rows={answer.sessions}
              rowId={(row) => row.date}
              caption={`Re-centring simulation of ${answer.name}, per session`}
              testId="recentring-table"
              csvFileName={`recentring-${answer.name}`}
              emptyText="No session had both legs priced."
            />
          </>
        ) : null}
      </div>
    </section>
  );
}
