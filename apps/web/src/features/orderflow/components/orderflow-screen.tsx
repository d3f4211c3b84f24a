import { FOOTPRINT_RESOLUTIONS, type FootprintData } from '@fnodesk/contracts';
import {
  formatIndianNumber,
  istDateOf,
  istMidnight,
  latestSessionAt,
  sessionOn,
  systemClock,
  type Clock,
  type IsoDate,
} from '@fnodesk/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Form, Spinner, Table } from 'react-bootstrap';
import { PageHeader } from '../../../components/market/page-header';
import { useRangeEndWithData } from '../../../lib/market/range-end';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { useDataQuery } from '../../../lib/use-data-query';
import {
  IMBALANCE_CHOICES,
  readOrderflowPreferences,
  writeOrderflowPreferences,
  type FootprintResolution,
  type OrderflowPreferences,
} from '../utils/orderflow-preferences';
import { cellVolume } from '../utils/footprint-geometry';
import { FootprintView } from './footprint-view';
import './orderflow.css';

/** Props of {@link OrderflowScreen}. */
export interface OrderflowScreenProps {
  theme: 'light' | 'dark';
  clock?: Clock;
  refreshMs?: number;
  alwaysOpen?: boolean;
}

/** How often the live tier re-reads today's footprint (the aggregate answers in tens of milliseconds). */
const LIVE_REFRESH_MS = 3_000;
const MONTHS = ['Near', 'Next', 'Far'] as const;
const DAY_MS = 86_400_000;

/**
 * /CandleChart: the Orderflow (footprint) chart of an underlying's future. Per candle and price row the volume
 * sold at the bid and bought at the ask, delta, cumulative delta and volume under each candle, the POC, value area,
 * VWAP, diagonal and stacked imbalances, absorption (A) and delta divergence (D), the session's volume profile, and
 * the rows of the chosen candle as a table. Live in the live tier; delayed tiers refresh on the kit's timer.
 */
export function OrderflowScreen({ theme, clock = systemClock, refreshMs, alwaysOpen }: OrderflowScreenProps) {
  const [preferences, setPreferences] = useState<OrderflowPreferences>(readOrderflowPreferences);
  const update = (changes: Partial<OrderflowPreferences>) => {
    const next = { ...preferences, ...changes };
    setPreferences(next);
    writeOrderflowPreferences(next);
  };
  const now = clock.now();
  const today = istDateOf(now);
  // Until a date is picked: the latest session, or the one before while the data served has not reached its open.
  const [pickedDate, setDate] = useState<IsoDate | null>(null);
  const [end, reportServed] = useRangeEndWithData(now, 'NFO');
  const date = pickedDate ?? latestSessionAt(end, 'NFO').date;
  const [selectedT, setSelectedT] = useState<number | null>(null);

  const contracts = useDataQuery('instruments', { name: preferences.instrument }, { staleTime: 10 * 60_000 });
  const futures = useMemo(
    () =>
      (contracts.data?.data ?? [])
        .filter((instrument) => instrument.instrumentType === 'FUT')
        .sort((a, b) => (a.expiry ?? '').localeCompare(b.expiry ?? '')),
    [contracts.data],
  );
  const future = futures[Math.min(preferences.month, futures.length - 1)];
  const from = istMidnight(date);
  const params =
    future === undefined
      ? null
      : {
          token: future.instrumentToken,
          type: preferences.resolution,
          from,
          to: from + DAY_MS - 1,
          ...(preferences.rowTicks === null ? {} : { rows: preferences.rowTicks }),
          imbalance: preferences.imbalancePercent,
        };
  const [live, setLive] = useState(false);
  const footprint = useDataQuery('footprint', params, {
    clock,
    // A past session is final; today's grows.
    staleTime: date === today ? 0 : Infinity,
    refetchInterval: live && date === today ? LIVE_REFRESH_MS : false,
  });
  useEffect(() => reportServed(footprint.data), [footprint.data, reportServed]);
  const data = footprint.data?.data;
  const refetch = footprint.refetch;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const tokens = useMemo(() => (future === undefined ? [] : [future.instrumentToken]), [future]);
  const page = useMarketDataPage({
    exchange: 'NFO',
    served: footprint.data,
    servedUntil: data?.candles.at(-1)?.t,
    tokens,
    ticks: 'none',
    refresh,
    clock,
    ...(refreshMs === undefined ? {} : { refreshMs }),
    ...(alwaysOpen === undefined ? {} : { alwaysOpen }),
  });
  if ((page.mode === 'live') !== live) setLive(page.mode === 'live');

  const candles = data?.candles ?? [];
  const selectedIndex = candles.length === 0 ? null : selectedIndexOf(candles, selectedT);
  const selected = selectedIndex === null ? undefined : candles[selectedIndex];
  const select = (index: number) => {
    const candle = candles[index];
    // The last candle is followed as new ones come; an earlier one stays chosen.
    if (candle !== undefined) setSelectedT(index === candles.length - 1 ? null : candle.t);
  };
  const session = sessionOn(date, 'NFO');
  const label = future === undefined ? preferences.instrument : future.tradingSymbol;

  return (
    <div className="orderflow d-flex flex-column gap-2">
      <PageHeader
        title="Orderflow Chart"
        idPrefix="orderflow"
        instrument={{ value: preferences.instrument, onChange: (name) => update({ instrument: name, month: 0 }) }}
        date={{ value: date, max: today, onChange: (value) => value !== '' && setDate(value) }}
        resolution={{
          options: FOOTPRINT_RESOLUTIONS,
          value: preferences.resolution,
          onChange: (value) => update({ resolution: value as FootprintResolution }),
        }}
        status={{
          mode: page.mode,
          lastUpdatedAt: page.lastUpdatedAt,
          nextUpdateSeconds: page.nextUpdateSeconds,
          replay: page.replaying,
        }}
        banner={page.banner === null ? null : { text: page.banner.text, tone: page.banner.variant }}
        priceCards={
          selected === undefined || data === undefined
            ? []
            : [{ label, price: candles.at(-1)!.c, change: null, changePercent: null }]
        }
      >
        <Form.Group controlId="orderflow-month">
          <Form.Label className="small mb-0">Future</Form.Label>
          <Form.Select
            size="sm"
            value={String(preferences.month)}
            disabled={futures.length === 0}
            onChange={(event) => update({ month: Number(event.currentTarget.value) })}
          >
            {futures.map((candidate, i) => (
              <option key={candidate.instrumentToken} value={i}>
                {MONTHS[i] ?? candidate.expiry}: {candidate.tradingSymbol}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <fieldset className="d-flex align-items-end gap-2 border rounded px-2 pb-1">
          <legend className="small float-none w-auto mb-0 px-1">Settings</legend>
          <Form.Group controlId="orderflow-rows">
            <Form.Label className="small mb-0">Row (ticks)</Form.Label>
            <Form.Control
              size="sm"
              type="number"
              min={1}
              max={1000}
              placeholder={data === undefined ? 'Auto' : `Auto (${data.rowTicks})`}
              value={preferences.rowTicks ?? ''}
              style={{ width: '7rem' }}
              onChange={(event) => {
                const value = Number(event.currentTarget.value);
                const text = event.currentTarget.value;
                if (text === '') update({ rowTicks: null });
                else if (Number.isInteger(value) && value >= 1 && value <= 1000) update({ rowTicks: value });
              }}
            />
          </Form.Group>
          <Form.Group controlId="orderflow-imbalance">
            <Form.Label className="small mb-0">Imbalance</Form.Label>
            <Form.Select
              size="sm"
              value={String(preferences.imbalancePercent)}
              onChange={(event) => update({ imbalancePercent: Number(event.currentTarget.value) })}
            >
              {IMBALANCE_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choice} %
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </fieldset>
      </PageHeader>
      <FootprintBody
        state={
          contracts.isError || footprint.isError
            ? 'error'
            : footprint.isPending || future === undefined
              ? 'loading'
              : candles.length === 0
                ? 'empty'
                : 'ready'
        }
        holiday={session === null}
        date={date}
        onRetry={() => {
          void contracts.refetch();
          refresh();
        }}
      >
        {data !== undefined && (
          <>
            <FootprintView
              footprint={data}
              theme={theme}
              selected={selectedIndex}
              onSelect={select}
              ariaLabel={`Footprint of ${label}, ${preferences.resolution} candles on ${date}: sell × buy volume per price row`}
            />
            <Legend rowSize={data.rowSize} imbalancePercent={data.imbalancePercent} />
            {selected !== undefined && selectedIndex !== null && (
              <CandleRows
                candle={selected}
                index={selectedIndex}
                count={candles.length}
                onSelect={select}
                digits={data.rowSize < 1 ? 2 : 0}
              />
            )}
          </>
        )}
      </FootprintBody>
    </div>
  );
}

function selectedIndexOf(candles: FootprintData['candles'], t: number | null): number {
  if (t === null) return candles.length - 1;
  const index = candles.findIndex((candle) => candle.t === t);
  return index === -1 ? candles.length - 1 : index;
}

function FootprintBody({
  state,
  holiday,
  date,
  onRetry,
  children,
}: {
  state: 'loading' | 'error' | 'empty' | 'ready';
  holiday: boolean;
  date: string;
  onRetry: () => void;
  children: React.ReactNode;
}) {
  if (state === 'ready') return <>{children}</>;
  return (
    <div className="d-flex flex-column align-items-center justify-content-center text-body-secondary py-5 border rounded">
      {state === 'loading' && <Spinner animation="border" role="status" aria-label="Loading the footprint" />}
      {state === 'error' && (
        <>
          <p className="mb-2">The footprint could not be loaded.</p>
          <Button size="sm" variant="outline-primary" onClick={onRetry}>
            Try again
          </Button>
        </>
      )}
      {state === 'empty' && (
        <p className="mb-0" data-testid="footprint-empty">
          {holiday
            ? `No session on ${date}: the market was closed. Pick a trading day.`
            : 'No trades yet in this session.'}
        </p>
      )}
    </div>
  );
}

function Legend({ rowSize, imbalancePercent }: { rowSize: number; imbalancePercent: number }) {
  return (
    <p className="small text-body-secondary mb-0">
      Each row: volume sold at the bid × bought at the ask (₹{formatIndianNumber(rowSize, 2)} rows). Boxed: POC; blue
      bar: 70 % value area; bold: diagonal imbalance ≥ {imbalancePercent} % (a side bar marks three stacked); dashed:
      VWAP; A: absorption; D: delta divergence.
    </p>
  );
}

function CandleRows({
  candle,
  index,
  count,
  onSelect,
  digits,
}: {
  candle: FootprintData['candles'][number];
  index: number;
  count: number;
  onSelect: (index: number) => void;
  digits: number;
}) {
  const rows = [...candle.levels].reverse();
  const buy = new Set(candle.buyImbalances);
  const sell = new Set(candle.sellImbalances);
  const time = new Date(candle.t).toLocaleTimeString('en-IN', {
    timeZone: 'Asia/Kolkata',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <section
      className="d-flex flex-column gap-1"
      aria-label="Rows of the chosen candle"
      data-testid="footprint-candle"
      data-t={candle.t}
      data-volume={candle.v}
    >
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button size="sm" variant="outline-secondary" disabled={index === 0} onClick={() => onSelect(index - 1)}>
          ‹ Previous candle
        </Button>
        <strong>Candle {time}</strong>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={index === count - 1}
          onClick={() => onSelect(index + 1)}
        >
          Next candle ›
        </Button>
        <span className="small">
          Volume {cellVolume(candle.v)} · Delta{' '}
          <span className={candle.delta >= 0 ? 'text-success' : 'text-danger'}>{cellVolume(candle.delta)}</span> · Cum Δ{' '}
          {cellVolume(candle.cumDelta)} · POC {formatIndianNumber(candle.poc, digits)}
          {candle.absorption !== null && ` · Absorption (${candle.absorption === 'buy' ? 'buyers' : 'sellers'})`}
          {candle.divergence !== null && ` · Delta divergence (${candle.divergence})`}
        </span>
      </div>
      <div className="footprint-rows border rounded">
        <Table size="sm" className="mb-0 small font-monospace text-end" data-testid="footprint-rows">
          <thead className="sticky-top">
            <tr>
              <th scope="col">Price</th>
              <th scope="col">Sell (bid)</th>
              <th scope="col">Buy (ask)</th>
              <th scope="col">Delta</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((level) => (
              <tr
                key={level.price}
                data-bid={level.bid}
                data-ask={level.ask}
                className={level.price === candle.poc ? 'table-warning' : undefined}
              >
                <th scope="row">{formatIndianNumber(level.price, digits)}</th>
                <td className={sell.has(level.price) ? 'text-danger fw-bold' : undefined}>
                  {formatIndianNumber(level.bid, 0)}
                </td>
                <td className={buy.has(level.price) ? 'text-success fw-bold' : undefined}>
                  {formatIndianNumber(level.ask, 0)}
                </td>
                <td className={level.ask - level.bid >= 0 ? 'text-success' : 'text-danger'}>
                  {formatIndianNumber(level.ask - level.bid, 0)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
