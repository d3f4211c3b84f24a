import type { Instrument } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { useTicks } from '../../../lib/feed/use-ticks';
import { clickLine, sequenceLines, strangleRows, type Side } from '../utils/terminal-orders';
import { ltpOf, type TerminalSession } from './terminal-session';

const price = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : formatIndianNumber(value, 2);

/** How many strangle rows the tab shows (the vendor's ten). */
const STRANGLE_ROWS = 10;

interface PairRow {
  key: string;
  label: string;
  ce: { strike: number; token: number };
  pe: { strike: number; token: number };
}

/**
 * The Straddle and Strangle tabs: per row a CALL block, a PUT block and the COMBINED block (CE + PE), each with BUY
 * and SELL; the combined buttons trade the pair as one request. Straddle rows are the chain's strikes; strangle row
 * i is the call i steps above ATM with the put i steps below, the step being the instrument's own.
 */
export function TerminalPairTab({ session, kind }: { session: TerminalSession; kind: 'straddle' | 'strangle' }) {
  const [lotsText, setLotsText] = useState(String(session.defaults.lotsPerClick));
  const lots = Number(lotsText);
  const validLots = Number.isInteger(lots) && lots >= 1;
  const rows = useMemo<PairRow[]>(() => {
    if (kind === 'straddle') {
      return (session.chain?.rows ?? []).map((row) => ({
        key: String(row.strike),
        label: String(row.strike),
        ce: { strike: row.strike, token: row.ce.token },
        pe: { strike: row.strike, token: row.pe.token },
      }));
    }
    if (session.atmStrike === null) return [];
    return strangleRows<Instrument>(session.listed, session.atmStrike, STRANGLE_ROWS).map((row) => ({
      key: String(row.offset),
      label: `${row.ceStrike} / ${row.peStrike}`,
      ce: { strike: row.ceStrike, token: row.ce.instrumentToken },
      pe: { strike: row.peStrike, token: row.pe.instrumentToken },
    }));
  }, [kind, session.chain, session.listed, session.atmStrike]);
  // Strangle rows reach beyond the chain's window: their contracts are held on the feed here.
  const extraTokens = useMemo(
    () => (kind === 'strangle' ? rows.flatMap((row) => [row.ce.token, row.pe.token]) : []),
    [kind, rows],
  );
  const extra = useTicks(extraTokens, 'quote', extraTokens.length > 0);
  const ltp = (token: number) => ltpOf(extra.ticks, token, session.contractOf(token)?.ltp ?? null);
  const servedAtp = useMemo(
    () =>
      new Map(
        (session.chain?.rows ?? []).flatMap((row) => [
          [row.ce.token, row.ce.atp] as const,
          [row.pe.token, row.pe.atp] as const,
        ]),
      ),
    [session.chain],
  );
  const atp = (token: number) =>
    extra.ticks.get(token)?.atp ?? session.ticks.get(token)?.atp ?? servedAtp.get(token) ?? null;

  const trade = (tokens: readonly number[], side: Side) => {
    if (!validLots) return;
    const lines = tokens.flatMap((token) => {
      const contract = session.contractOf(token);
      return contract === null
        ? []
        : [clickLine({ ...contract, ltp: ltp(token) }, side, lots, session.defaults, session.mode)];
    });
    if (lines.length !== tokens.length) return;
    void session.orders.send(sequenceLines(lines, session.defaults.orderSequence), kind, { fanOut: true });
  };
  const buttons = (tokens: readonly number[], label: string) => (
    <span className="d-inline-flex gap-1">
      {(['BUY', 'SELL'] as const).map((side) => (
        <Button
          key={side}
          size="sm"
          className="py-0 px-1"
          variant={side === 'BUY' ? 'outline-primary' : 'outline-danger'}
          aria-label={`${side} ${label}`}
          disabled={!validLots || session.orders.busy || tokens.some((token) => session.contractOf(token) === null)}
          onClick={() => trade(tokens, side)}
        >
          {side}
        </Button>
      ))}
    </span>
  );
  const sum = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);
  return (
    <div className="d-flex flex-column gap-2 min-w-0" data-testid={`terminal-${kind}`}>
      <Form.Group controlId={`terminal-${kind}-lots`} className="d-flex align-items-center gap-2 small">
        <Form.Label className="mb-0">Lots</Form.Label>
        <Form.Control
          size="sm"
          type="number"
          min={1}
          step={1}
          style={{ width: '5rem' }}
          isInvalid={!validLots}
          value={lotsText}
          onChange={(event) => setLotsText(event.currentTarget.value)}
        />
        {!validLots && <span className="text-danger">Lot must be a whole number of 1 or more.</span>}
      </Form.Group>
      {rows.length === 0 ? (
        <p className="text-body-secondary mb-0">Loading the strikes…</p>
      ) : (
        <div className="table-responsive position-relative">
          <Table size="sm" className="align-middle small text-nowrap text-center mb-0">
            <thead>
              <tr>
                <th scope="col">{kind === 'straddle' ? 'Strike' : 'CE / PE strike'}</th>
                <th scope="col">CALL LTP (ATP)</th>
                <th scope="col">CALL</th>
                <th scope="col">PUT LTP (ATP)</th>
                <th scope="col">PUT</th>
                <th scope="col">COMBINED LTP (ATP)</th>
                <th scope="col">COMBINED</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const atm = kind === 'straddle' ? row.ce.strike === session.atmStrike : row.key === '0';
                return (
                  <tr key={row.key} data-testid={`terminal-${kind}-row`} className={atm ? 'table-primary' : ''}>
                    <th scope="row">{row.label}</th>
                    <td>
                      {price(ltp(row.ce.token))} ({price(atp(row.ce.token))})
                    </td>
                    <td>{buttons([row.ce.token], `${row.ce.strike} CE`)}</td>
                    <td>
                      {price(ltp(row.pe.token))} ({price(atp(row.pe.token))})
                    </td>
                    <td>{buttons([row.pe.token], `${row.pe.strike} PE`)}</td>
                    <td>
                      {price(sum(ltp(row.ce.token), ltp(row.pe.token)))} (
                      {price(sum(atp(row.ce.token), atp(row.pe.token)))})
                    </td>
                    <td>{buttons([row.ce.token, row.pe.token], `${kind} ${row.label}`)}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
    </div>
  );
}
