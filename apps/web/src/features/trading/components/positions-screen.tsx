import type { BrokerAccount, PositionView } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button, ButtonGroup, Form, Table, ToggleButton } from 'react-bootstrap';
import { toast } from 'react-toastify/unstyled';
import { newIdempotencyKey, placeBulkOrders, retryLostOrderRequest } from '../api/place-orders';
import { invalidateTrading } from '../api/risk-settings';
import { convertPosition, setPositionProtection, usePositionBook } from '../api/trading-queries';
import { useTradingEvents } from '../hooks/use-trading-events';
import { dayFiguresOf, exitLineOf, livePnl, totalPnl } from '../utils/position-mtm';
import { BookState, TradingPageFrame } from './trading-page-frame';

const money = (value: number | null) => (value === null ? '—' : formatIndianNumber(value, 2));
const tone = (value: number) => (value > 0 ? 'text-success' : value < 0 ? 'text-danger' : '');

/** /trading/positions: live MTM, per-position target/stop/trailing, exit, exit all, convert, charges and net P&L. */
export function PositionsScreen() {
  return <TradingPageFrame title="Positions">{(account) => <PositionsBody account={account} />}</TradingPageFrame>;
}

function PositionsBody({ account }: { account: BrokerAccount }) {
  const book = usePositionBook(account.id);
  const positions = useMemo(() => book.data?.positions ?? [], [book.data]);
  const tokens = useMemo(() => positions.map((position) => position.instrumentToken), [positions]);
  const { ticks } = useTradingEvents(account.id, tokens);
  const [view, setView] = useState<'open' | 'all'>('open');
  // Net: net quantity at its average with the P&L; Day: what was bought and sold, each at its average.
  const [figures, setFigures] = useState<'net' | 'day'>('net');
  const queryClient = useQueryClient();
  const refresh = () => void invalidateTrading(queryClient, account.id);
  const exit = useMutation({
    mutationFn: ({ rows, key }: { rows: readonly PositionView[]; key: string }) => {
      const lines = rows.flatMap((row) => exitLineOf(row) ?? []);
      return placeBulkOrders(account.id, lines, { idempotencyKey: key });
    },
    retry: retryLostOrderRequest,
    onSuccess: refresh,
    onError: (error) => toast.error(error.message),
  });

  const live = positions.map((position) => ({
    position,
    pnl: livePnl(position, ticks.get(position.instrumentToken)?.lp),
  }));
  const shown = view === 'open' ? live.filter((row) => row.position.quantity !== 0) : live;
  const totals = totalPnl(live.map((row) => row.pnl));
  const charges = positions.reduce((sum, position) => sum + position.charges, 0);
  const open = positions.filter((position) => position.quantity !== 0);
  return (
    <>
      <div className="d-flex flex-wrap gap-3 align-items-center small" data-testid="positions-totals">
        <span>
          Total MTM{' '}
          <strong className={tone(totals.pnl)} data-testid="positions-mtm">
            {money(totals.pnl)}
          </strong>
        </span>
        <span>
          Unrealised <strong className={tone(totals.unrealised)}>{money(totals.unrealised)}</strong>
        </span>
        <span>Charges {money(charges)}</span>
        <span>
          Net P&amp;L <strong className={tone(totals.net)}>{money(totals.net)}</strong>
        </span>
        <ButtonGroup size="sm" className="ms-auto" aria-label="Positions view">
          {(['day', 'net'] as const).map((kind) => (
            <ToggleButton
              key={kind}
              id={`positions-${kind}`}
              type="radio"
              name="positions-figures"
              variant="outline-secondary"
              value={kind}
              checked={figures === kind}
              onChange={() => setFigures(kind)}
            >
              {kind === 'day' ? 'Day' : 'Net'}
            </ToggleButton>
          ))}
        </ButtonGroup>
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label="Positions shown"
          value={view}
          onChange={(event) => setView(event.currentTarget.value as 'open' | 'all')}
        >
          <option value="open">Open</option>
          <option value="all">Day (open and closed)</option>
        </Form.Select>
        <Button
          size="sm"
          variant="danger"
          disabled={open.length === 0 || exit.isPending}
          onClick={() => exit.mutate({ rows: open, key: newIdempotencyKey() })}
        >
          Exit All
        </Button>
      </div>
      <BookState
        loading={book.isPending}
        error={book.error}
        empty={shown.length === 0}
        emptyText={view === 'open' ? 'No open positions.' : 'No positions today.'}
      />
      {shown.length > 0 && (
        <div className="table-responsive position-relative">
          <Table size="sm" className="align-middle small text-nowrap mb-0" data-testid="positions-table">
            <thead>
              <tr>
                <th scope="col">Instrument</th>
                <th scope="col">Product</th>
                {figures === 'net' ? (
                  <>
                    <th scope="col" className="text-end">
                      Qty (lots)
                    </th>
                    <th scope="col" className="text-end">
                      Avg
                    </th>
                  </>
                ) : (
                  <>
                    <th scope="col" className="text-end">
                      Buy qty
                    </th>
                    <th scope="col" className="text-end">
                      Buy avg
                    </th>
                    <th scope="col" className="text-end">
                      Sell qty
                    </th>
                    <th scope="col" className="text-end">
                      Sell avg
                    </th>
                  </>
                )}
                <th scope="col" className="text-end">
                  LTP
                </th>
                <th scope="col" className="text-end">
                  P&amp;L
                </th>
                <th scope="col">Target / Stop loss / Trailing</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map(({ position, pnl }) => (
                <tr key={position.id} data-testid="position-row" data-symbol={position.tradingSymbol}>
                  <td>{position.tradingSymbol}</td>
                  <td>{position.product}</td>
                  {figures === 'net' ? (
                    <>
                      <td className={`text-end ${tone(position.quantity)}`}>
                        {position.quantity} ({position.quantity / position.lotSize})
                      </td>
                      <td className="text-end">{money(position.averagePrice)}</td>
                    </>
                  ) : (
                    <DayCells position={position} />
                  )}
                  <td className="text-end" data-testid="position-ltp">
                    {money(pnl.ltp)}
                  </td>
                  <td className={`text-end ${tone(pnl.pnl)}`} data-testid="position-pnl">
                    {money(pnl.pnl)}
                  </td>
                  <td>
                    <ProtectionEditor account={account} position={position} onSaved={refresh} />
                  </td>
                  <td>
                    <span className="d-inline-flex gap-1">
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        onClick={() =>
                          void convertPosition(account.id, {
                            exchange: position.exchange,
                            tradingSymbol: position.tradingSymbol,
                            oldProduct: position.product,
                            newProduct: position.product === 'MIS' ? 'NRML' : 'MIS',
                          }).then(refresh, (error: Error) => toast.error(error.message))
                        }
                        disabled={position.quantity === 0}
                      >
                        To {position.product === 'MIS' ? 'NRML' : 'MIS'}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline-danger"
                        disabled={position.quantity === 0 || exit.isPending}
                        onClick={() => exit.mutate({ rows: [position], key: newIdempotencyKey() })}
                      >
                        Exit
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}

function DayCells({ position }: { position: PositionView }) {
  const day = dayFiguresOf(position);
  return (
    <>
      <td className="text-end" data-testid="position-buy-qty">
        {day.buyQuantity}
      </td>
      <td className="text-end">{money(day.buyAverage)}</td>
      <td className="text-end" data-testid="position-sell-qty">
        {day.sellQuantity}
      </td>
      <td className="text-end">{money(day.sellAverage)}</td>
    </>
  );
}

/** A position's target, stop and trailing step, saved through `PUT positions/{id}/profit-loss`. */
export function ProtectionEditor(props: { account: BrokerAccount; position: PositionView; onSaved: () => void }) {
  const { protection } = props.position;
  const text = (value: number | null) => (value === null ? '' : String(value));
  const [target, setTarget] = useState(text(protection.target));
  const [stopLoss, setStopLoss] = useState(text(protection.stopLoss));
  const [trailing, setTrailing] = useState(text(protection.trailingStop));
  const parse = (value: string) => (value.trim() === '' ? null : Number(value));
  const save = useMutation({
    mutationFn: () =>
      setPositionProtection(props.account.id, props.position.id, {
        target: parse(target),
        stopLoss: parse(stopLoss),
        trailingStop: parse(trailing),
      }),
    onSuccess: props.onSaved,
    onError: (error) => toast.error(error.message),
  });
  const field = (label: string, value: string, set: (next: string) => void) => (
    <Form.Control
      size="sm"
      type="number"
      step="0.05"
      min="0"
      style={{ width: '5.5rem' }}
      aria-label={`${label} of ${props.position.tradingSymbol}`}
      placeholder={label}
      value={value}
      onChange={(event) => set(event.currentTarget.value)}
    />
  );
  return (
    <span className="d-inline-flex gap-1">
      {field('Target', target, setTarget)}
      {field('Stop loss', stopLoss, setStopLoss)}
      {field('Trailing', trailing, setTrailing)}
      <Button size="sm" variant="outline-primary" disabled={save.isPending} onClick={() => save.mutate()}>
        Set
      </Button>
    </span>
  );
}
