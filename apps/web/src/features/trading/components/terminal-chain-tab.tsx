import { formatIndianNumber } from '@fnodesk/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { fetchBasketMargins, type BasketMargins } from '../../../lib/trading/basket-margins';
import { addToBasket, type TerminalBasket } from '../utils/terminal-basket';
import { clickLine, sequenceLines, type Side } from '../utils/terminal-orders';
import { ltpOf, type TerminalSession } from './terminal-session';

const price = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : formatIndianNumber(value, 2);

export interface TerminalChainTabProps {
  session: TerminalSession;
  strikes: number;
  onStrikes: (count: number) => void;
  oneClick: boolean;
  onOneClick: (on: boolean) => void;
  basket: TerminalBasket;
}

/**
 * The Chain tab: CE and PE last price with bid and ask, BUY and SELL per side and strike (ATM marked, in-the-money
 * shaded). QuikTrade Yes places a click at once with the default lots; No adds it to the basket below.
 */
export function TerminalChainTab({ session, strikes, onStrikes, oneClick, onOneClick, basket }: TerminalChainTabProps) {
  const { chain, ticks, atmStrike, spot, defaults } = session;
  const click = (token: number, side: Side) => {
    const contract = session.contractOf(token);
    if (contract === null) return;
    const line = clickLine(contract, side, defaults.lotsPerClick, defaults, session.mode);
    if (oneClick) void session.orders.send([line], 'chain', { fanOut: true });
    else basket.setRows((rows) => addToBasket(rows, line, defaults.lotsPerClick, contract.lotSize));
  };
  const sideButtons = (token: number, label: string) => (
    <span className="d-inline-flex gap-1">
      {(['BUY', 'SELL'] as const).map((side) => (
        <Button
          key={side}
          size="sm"
          variant={side === 'BUY' ? 'outline-primary' : 'outline-danger'}
          className="py-0 px-1"
          aria-label={`${side} ${label}`}
          disabled={session.contractOf(token) === null || session.orders.busy}
          onClick={() => click(token, side)}
        >
          {side === 'BUY' ? 'B' : 'S'}
        </Button>
      ))}
    </span>
  );
  const quote = (token: number, served: number | null) => {
    const tick = ticks.get(token);
    const bid = tick?.depth?.buy[0]?.p;
    const ask = tick?.depth?.sell[0]?.p;
    return (
      <>
        <div className="fw-semibold">{price(ltpOf(ticks, token, served))}</div>
        <div className="text-body-secondary" style={{ fontSize: '0.7rem' }}>
          {price(bid)} / {price(ask)}
        </div>
      </>
    );
  };
  return (
    <div className="d-flex flex-column gap-2 min-w-0">
      <div className="d-flex flex-wrap gap-3 align-items-center small">
        <Form.Group controlId="terminal-strikes" className="d-flex align-items-center gap-1">
          <Form.Label className="mb-0">Strikes</Form.Label>
          <Form.Select
            size="sm"
            className="w-auto"
            value={strikes}
            onChange={(event) => onStrikes(Number(event.currentTarget.value))}
          >
            {Array.from({ length: 15 }, (_, i) => i + 1).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Check
          type="switch"
          id="terminal-one-click"
          aria-label="QuikTrade"
          label={`QuikTrade ${oneClick ? 'Yes' : 'No'}`}
          checked={oneClick}
          onChange={(event) => onOneClick(event.currentTarget.checked)}
        />
        <span className="text-body-secondary">
          {defaults.lotsPerClick} lot{defaults.lotsPerClick === 1 ? '' : 's'} a click · {defaults.product} ·{' '}
          {defaults.orderType}
        </span>
      </div>
      {chain === undefined ? (
        <p className="text-body-secondary mb-0">
          {session.chainError === null ? 'Loading the chain…' : 'The chain could not be loaded.'}
        </p>
      ) : (
        <div className="table-responsive position-relative">
          <Table size="sm" className="align-middle small text-nowrap text-center mb-0" data-testid="terminal-chain">
            <thead>
              <tr>
                <th scope="col">CE LTP (bid / ask)</th>
                <th scope="col">CE</th>
                <th scope="col">Strike</th>
                <th scope="col">PE</th>
                <th scope="col">PE LTP (bid / ask)</th>
              </tr>
            </thead>
            <tbody>
              {chain.rows.map((row) => {
                const atm = row.strike === atmStrike;
                const callItm = spot !== null && row.strike < spot;
                const putItm = spot !== null && row.strike > spot;
                return (
                  <tr key={row.strike} data-testid="terminal-chain-row" data-atm={atm ? 'true' : undefined}>
                    <td className={callItm ? 'bg-warning-subtle' : ''}>{quote(row.ce.token, row.ce.ltp)}</td>
                    <td className={callItm ? 'bg-warning-subtle' : ''}>
                      {sideButtons(row.ce.token, `${row.strike} CE`)}
                    </td>
                    <th scope="row" className={atm ? 'bg-primary-subtle' : ''}>
                      {row.strike}
                      {atm && <span className="badge text-bg-primary ms-1">ATM</span>}
                    </th>
                    <td className={putItm ? 'bg-warning-subtle' : ''}>
                      {sideButtons(row.pe.token, `${row.strike} PE`)}
                    </td>
                    <td className={putItm ? 'bg-warning-subtle' : ''}>{quote(row.pe.token, row.pe.ltp)}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
      <BasketPanel session={session} basket={basket} />
    </div>
  );
}

function BasketPanel({ session, basket }: { session: TerminalSession; basket: TerminalBasket }) {
  const [margins, setMargins] = useState<BasketMargins | null>(null);
  const lines = basket.rows.map((row) => row.line);
  const margin = useMutation({
    mutationFn: () => fetchBasketMargins(session.account.id, lines),
    onSuccess: setMargins,
    // Spec §8: a failed margin call is kept out of the way; the margin stays unknown.
    onError: () => setMargins(null),
  });
  const execute = async () => {
    const placed = await session.orders.send(sequenceLines(lines, session.defaults.orderSequence), 'chain');
    if (placed.length > 0) {
      basket.setRows(() => []);
      setMargins(null);
    }
  };
  const setLots = (key: string, lots: number) =>
    basket.setRows((rows) =>
      rows.map((row) =>
        row.key === key && Number.isInteger(lots) && lots >= 1
          ? { ...row, lots, line: { ...row.line, quantity: lots * row.lotSize } }
          : row,
      ),
    );
  return (
    <section aria-label="Basket" className="border rounded p-2" data-testid="terminal-basket">
      <h2 className="h6">Basket</h2>
      {basket.rows.length === 0 ? (
        <p className="text-body-secondary small mb-2">
          The basket is empty. With QuikTrade No, BUY and SELL add rows here.
        </p>
      ) : (
        <div className="table-responsive position-relative">
          <Table size="sm" className="align-middle small text-nowrap mb-2">
            <thead>
              <tr>
                <th scope="col">Side</th>
                <th scope="col">Symbol</th>
                <th scope="col">Product</th>
                <th scope="col">Order Type</th>
                <th scope="col">Lot</th>
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
              {basket.rows.map((row, index) => (
                <tr key={row.key} data-testid="terminal-basket-row">
                  <td className={row.line.transactionType === 'BUY' ? 'text-primary' : 'text-danger'}>
                    {row.line.transactionType}
                  </td>
                  <td>{row.line.tradingSymbol}</td>
                  <td>{row.line.product}</td>
                  <td>{row.line.orderType}</td>
                  <td>
                    <Form.Control
                      size="sm"
                      type="number"
                      min={1}
                      step={1}
                      style={{ width: '4.5rem' }}
                      aria-label={`Lots of ${row.line.tradingSymbol}`}
                      value={row.lots}
                      onChange={(event) => setLots(row.key, Number(event.currentTarget.value))}
                    />
                  </td>
                  <td className="text-end">{price(row.line.price)}</td>
                  <td className="text-end">{price(margins?.orders[index]?.total)}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Remove ${row.line.tradingSymbol}`}
                      onClick={() => basket.setRows((rows) => rows.filter((other) => other.key !== row.key))}
                    >
                      ×
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      <div className="d-flex flex-wrap gap-2 align-items-center small">
        <span>
          Required Margin <strong data-testid="terminal-basket-initial">{price(margins?.initial.total)}</strong>
        </span>
        <span>
          Final Margin <strong data-testid="terminal-basket-final">{price(margins?.final.total)}</strong>
        </span>
        <Button
          size="sm"
          variant="outline-secondary"
          className="ms-auto"
          disabled={lines.length === 0 || margin.isPending}
          onClick={() => margin.mutate()}
        >
          Calculate Margin
        </Button>
        <Button
          size="sm"
          variant="primary"
          disabled={lines.length === 0 || session.orders.busy}
          onClick={() => void execute()}
        >
          Execute
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          disabled={lines.length === 0}
          onClick={() => {
            basket.setRows(() => []);
            setMargins(null);
          }}
        >
          Clear
        </Button>
      </div>
    </section>
  );
}
