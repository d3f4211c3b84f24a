import type { PositionView } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button, ButtonGroup, Form, Table } from 'react-bootstrap';
import { toast } from 'react-toastify/unstyled';
import { useTicks } from '../../../lib/feed/use-ticks';
import { dataQueryOptions, useDataQuery } from '../../../lib/use-data-query';
import { invalidateTrading } from '../api/risk-settings';
import { useOrderBook, usePositionBook } from '../api/trading-queries';
import { livePnl, totalPnl } from '../utils/position-mtm';
import {
  addLine,
  exitLine,
  positionLots,
  positionsToExit,
  reverseLine,
  shiftedStrike,
  shiftLines,
  type RiskShift,
} from '../utils/terminal-orders';
import { ProtectionEditor } from './positions-screen';
import type { TerminalSession } from './terminal-session';

const money = (value: number | null) => (value === null ? '—' : formatIndianNumber(value, 2));
const tone = (value: number) => (value > 0 ? 'text-success' : value < 0 ? 'text-danger' : '');

/**
 * The Positions tab: total and unrealised MTM at live prices; per row Add N, Exit N, Reverse and Risk-ON / Risk-OFF
 * by 1 or 2 strikes (Pro), and the price target, stop and trailing stop the server watches; Exit CE, Exit PE, Exit
 * All and Exit Orders (cancel every open order).
 */
export function TerminalPositionsTab({ session }: { session: TerminalSession }) {
  const { account, mode, orders } = session;
  const book = usePositionBook(account.id);
  const positions = useMemo(() => book.data?.positions ?? [], [book.data]);
  const open = positions.filter((position) => position.quantity !== 0);
  const tokens = useMemo(() => positions.map((position) => position.instrumentToken), [positions]);
  // The terminal listens to the order events; this tab holds its positions' prices for live MTM.
  const { ticks } = useTicks(tokens, 'quote', tokens.length > 0);
  const orderBook = useOrderBook(account.id);
  const instruments = useDataQuery('instruments', tokens.length === 0 ? null : { tokens });
  const queryClient = useQueryClient();
  const live = open.map((position) => ({ position, pnl: livePnl(position, ticks.get(position.instrumentToken)?.lp) }));
  const totals = totalPnl(positions.map((position) => livePnl(position, ticks.get(position.instrumentToken)?.lp)));

  const exit = (which: 'CE' | 'PE' | 'all') => {
    const rows = positionsToExit(positions, which);
    if (rows.length === 0) {
      toast.info(which === 'all' ? 'There are no open positions.' : `There are no open ${which} positions.`);
      return;
    }
    // Plain exits are open to every plan, so they go as chain orders rather than adjustments.
    void orders.send(
      rows.map((position) => exitLine(position, positionLots(position), mode)),
      'chain',
    );
  };

  const shift = async (position: PositionView, lots: number, direction: RiskShift, steps: number) => {
    const instrument = instruments.data?.data.find((item) => item.instrumentToken === position.instrumentToken);
    const type = instrument?.instrumentType;
    if (
      instrument === undefined ||
      instrument.expiry === null ||
      instrument.strike === null ||
      (type !== 'CE' && type !== 'PE')
    ) {
      toast.error(`${position.tradingSymbol} is not an option; only option strikes can be shifted.`);
      return;
    }
    try {
      const listed = await queryClient.fetchQuery(
        dataQueryOptions('get_option_chain_instruments', { name: instrument.name, expiry: instrument.expiry }),
      );
      const strikes = listed.data.strikes.map((row) => row.strike);
      const strike = shiftedStrike(strikes, instrument.strike, type, direction, steps);
      const target = listed.data.strikes.find((row) => row.strike === strike)?.[type === 'CE' ? 'ce' : 'pe'];
      if (strike === null || target === undefined) {
        toast.error(
          `No strike ${steps} step${steps === 1 ? '' : 's'} ${direction === 'on' ? 'in' : 'out of'} the money from ${instrument.strike}.`,
        );
        return;
      }
      await orders.send(
        shiftLines(
          position,
          { exchange: target.exchange as PositionView['exchange'], tradingSymbol: target.tradingSymbol },
          lots,
          mode,
        ),
        'adjustment',
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="d-flex flex-column gap-2 min-w-0" data-testid="terminal-positions">
      <div className="d-flex flex-wrap gap-3 align-items-center small">
        <span>
          Total MTM{' '}
          <strong className={tone(totals.pnl)} data-testid="terminal-total-mtm">
            {money(totals.pnl)}
          </strong>
        </span>
        <span>
          Unrealised MTM{' '}
          <strong className={tone(totals.unrealised)} data-testid="terminal-unrealised-mtm">
            {money(totals.unrealised)}
          </strong>
        </span>
        <span className="d-inline-flex flex-wrap gap-1 ms-auto">
          <Button size="sm" variant="outline-danger" disabled={orders.busy} onClick={() => exit('CE')}>
            Exit CE
          </Button>
          <Button size="sm" variant="outline-danger" disabled={orders.busy} onClick={() => exit('PE')}>
            Exit PE
          </Button>
          <Button size="sm" variant="danger" disabled={orders.busy} onClick={() => exit('all')}>
            Exit All
          </Button>
          <Button
            size="sm"
            variant="outline-warning"
            disabled={orders.busy}
            onClick={() => void orders.cancelAll(orderBook.data?.orders ?? [])}
          >
            Exit Orders
          </Button>
        </span>
      </div>
      {book.isPending ? (
        <p className="text-body-secondary mb-0">Loading…</p>
      ) : book.error !== null ? (
        <p className="text-danger mb-0">{book.error.message}</p>
      ) : live.length === 0 ? (
        <p className="text-body-secondary mb-0">No open positions.</p>
      ) : (
        <div className="table-responsive position-relative">
          <Table size="sm" className="align-middle small text-nowrap mb-0">
            <thead>
              <tr>
                <th scope="col">Side</th>
                <th scope="col">Instrument</th>
                <th scope="col">Product</th>
                <th scope="col" className="text-end">
                  Lot
                </th>
                <th scope="col" className="text-end">
                  Avg
                </th>
                <th scope="col" className="text-end">
                  LTP
                </th>
                <th scope="col" className="text-end">
                  P&amp;L
                </th>
                <th scope="col">Adjust</th>
                <th scope="col">Target / Stop loss / Trailing</th>
              </tr>
            </thead>
            <tbody>
              {live.map(({ position, pnl }) => (
                <tr
                  key={position.id}
                  data-testid="terminal-position-row"
                  data-symbol={position.tradingSymbol}
                  data-side={position.quantity > 0 ? 'BUY' : 'SELL'}
                >
                  <td className={position.quantity > 0 ? 'text-primary' : 'text-danger'}>
                    {position.quantity > 0 ? 'BUY' : 'SELL'}
                  </td>
                  <td>{position.tradingSymbol}</td>
                  <td>{position.product}</td>
                  <td className="text-end">{positionLots(position)}</td>
                  <td className="text-end">{money(position.averagePrice)}</td>
                  <td className="text-end">{money(pnl.ltp)}</td>
                  <td className={`text-end ${tone(pnl.pnl)}`}>{money(pnl.pnl)}</td>
                  <td>
                    <AdjustButtons
                      session={session}
                      position={position}
                      onShift={(lots, direction, steps) => void shift(position, lots, direction, steps)}
                    />
                  </td>
                  <td>
                    <ProtectionEditor
                      account={account}
                      position={position}
                      onSaved={() => void invalidateTrading(queryClient, account.id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </div>
  );
}

function AdjustButtons(props: {
  session: TerminalSession;
  position: PositionView;
  onShift: (lots: number, direction: RiskShift, steps: number) => void;
}) {
  const { session, position } = props;
  const [lotsText, setLotsText] = useState(String(session.defaults.lotsPerClick));
  const lots = Number(lotsText);
  const valid = Number.isInteger(lots) && lots >= 1;
  const disabled = !valid || session.orders.busy;
  const symbol = position.tradingSymbol;
  const send = (run: () => void) => session.advanced(run);
  return (
    <span className="d-inline-flex flex-wrap gap-1 align-items-center">
      <Form.Control
        size="sm"
        type="number"
        min={1}
        step={1}
        style={{ width: '4rem' }}
        aria-label={`Lots to adjust ${symbol}`}
        isInvalid={!valid}
        value={lotsText}
        onChange={(event) => setLotsText(event.currentTarget.value)}
      />
      <ButtonGroup size="sm">
        {([2, 1] as const).map((steps) => (
          <Button
            key={`on-${steps}`}
            variant="outline-danger"
            aria-label={`Risk-ON ${steps} ${symbol}`}
            disabled={disabled}
            onClick={() => send(() => props.onShift(lots, 'on', steps))}
          >
            ON{steps}
          </Button>
        ))}
        {([1, 2] as const).map((steps) => (
          <Button
            key={`off-${steps}`}
            variant="outline-success"
            aria-label={`Risk-OFF ${steps} ${symbol}`}
            disabled={disabled}
            onClick={() => send(() => props.onShift(lots, 'off', steps))}
          >
            OFF{steps}
          </Button>
        ))}
      </ButtonGroup>
      <Button
        size="sm"
        variant="outline-primary"
        aria-label={`Add ${symbol}`}
        disabled={disabled}
        onClick={() => send(() => void session.orders.send([addLine(position, lots, session.mode)], 'adjustment'))}
      >
        Add
      </Button>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={`Exit ${symbol}`}
        disabled={disabled}
        onClick={() => send(() => void session.orders.send([exitLine(position, lots, session.mode)], 'adjustment'))}
      >
        Exit
      </Button>
      <Button
        size="sm"
        variant="outline-warning"
        aria-label={`Reverse ${symbol}`}
        disabled={session.orders.busy}
        onClick={() => send(() => void session.orders.send([reverseLine(position, session.mode)], 'adjustment'))}
      >
        Reverse
      </Button>
    </span>
  );
}
