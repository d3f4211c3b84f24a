import {
  BUILD_UP_STYLES,
  formatIndianNumber,
  formatIstClockTime,
  formatIstDateTime,
  istDateOf,
  istInstant,
  straddleExpectedMove,
  expectedRangeUsed,
  tickSizeFor,
  type ChartPeriod,
  type Resolution,
} from '@fnodesk/domain';
import { useCallback, useMemo, useState } from 'react';
import { Badge, Form } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import { snapshotCandlesStatus } from '../../../components/market/snapshot-candles-status';
import { ChoiceButtons } from '../../../components/market/page-header';
import { BUILD_UP_WINDOWS, windowStartMinute, type BuildUpWindow } from '../../../lib/market/build-up-window';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { usePriceOiCandles } from '../hooks/use-price-oi-candles';
import { priceOiOption } from '../utils/price-oi-option';
import { priceOiRows, windowBuildUp, type PriceOiRow } from '../utils/price-oi-rows';

const ROUTE = 'price-oi-chart';
const TITLE = 'Price vs OI Table';
const RESOLUTIONS = ['5m', '15m', '30m'] as const satisfies readonly Resolution[];
const PERIODS = ['1D', '2D', '3D', '5D'] as const satisfies readonly ChartPeriod[];
const FUTURE = 'FUT';
// The exchange's derivatives tick, for an underlying the reference does not list.
const FALLBACK_TICK = 0.05;

interface Choices {
  contract: string;
  resolution: (typeof RESOLUTIONS)[number];
  period: (typeof PERIODS)[number];
  window: BuildUpWindow;
}

function readChoices(): Choices {
  const fallback: Choices = { contract: FUTURE, resolution: '15m', period: '1D', window: 'open' };
  try {
    const stored = JSON.parse(readStoredItem(`${ROUTE}-view`) ?? 'null') as Partial<Choices> | null;
    if (stored === null) return fallback;
    return {
      contract: typeof stored.contract === 'string' ? stored.contract : fallback.contract,
      resolution: RESOLUTIONS.find((r) => r === stored.resolution) ?? fallback.resolution,
      period: PERIODS.find((p) => p === stored.period) ?? fallback.period,
      window: BUILD_UP_WINDOWS.find((w) => w.window === stored.window)?.window ?? fallback.window,
    };
  } catch {
    return fallback;
  }
}

const signed = (value: number | null, digits: number) =>
  value === null ? '–' : `${value > 0 ? '+' : ''}${formatIndianNumber(value, digits)}`;

function BuildUpBadge({ buildUp }: { buildUp: PriceOiRow['buildUp'] }) {
  const style = BUILD_UP_STYLES[buildUp];
  return (
    <Badge bg={style.tone} text={style.tone === 'warning' ? 'dark' : undefined} title={style.label}>
      {style.label}
    </Badge>
  );
}

/**
 * /pages/price-oi-chart (pages brief G5, [assumed]): the price and OI of one contract (the future, or a CE or PE of
 * the chain's strikes) per candle with each candle's build-up, the build-up over a chosen window, and the expected
 * move to expiry from the ATM straddle as bands on the future's chart.
 */
export function PriceOiScreen({ theme, ...options }: SnapshotScreenProps) {
  const snapshot = useChainSnapshot({ storageKey: ROUTE, ...options });
  const [choices, setChoices] = useState<Choices>(readChoices);
  const choose = (patch: Partial<Choices>) => {
    const next = { ...choices, ...patch };
    setChoices(next);
    writeStoredItem(`${ROUTE}-view`, JSON.stringify(next));
  };
  const { chain } = snapshot;
  const contracts = useMemo(() => {
    if (chain === undefined) return [];
    return [
      { id: FUTURE, label: 'Future', token: chain.futToken, ltp: chain.summary.futures, kind: 'FUT' as const },
      ...chain.rows.flatMap((row) => [
        {
          id: `${row.strike}-CE`,
          label: `${row.strike} CE`,
          token: row.ce.token,
          ltp: row.ce.ltp,
          kind: 'CE' as const,
        },
        {
          id: `${row.strike}-PE`,
          label: `${row.strike} PE`,
          token: row.pe.token,
          ltp: row.pe.ltp,
          kind: 'PE' as const,
        },
      ]),
    ];
  }, [chain]);
  // A stored option contract no longer in the strike set gives way to the future.
  const contract = contracts.find((entry) => entry.id === choices.contract) ?? contracts[0] ?? null;
  const { candles, minutes, previous, query } = usePriceOiCandles(
    contract?.token ?? null,
    chain?.at,
    choices.resolution,
    choices.period,
  );
  const tickSize = useMemo(() => {
    try {
      return tickSizeFor(snapshot.choices.name);
    } catch {
      return FALLBACK_TICK;
    }
  }, [snapshot.choices.name]);
  const previousBase = useMemo(() => (previous === null ? null : { price: previous.c, oi: previous.oi }), [previous]);
  const rows = useMemo(
    () => (candles === undefined ? null : priceOiRows(candles, previousBase, tickSize)),
    [candles, previousBase, tickSize],
  );

  // Build-up over the chosen window: now (the live price, the latest minute's OI) against the window's start.
  const windowFigures = useMemo(() => {
    const last = minutes.at(-1);
    if (chain === undefined || last === undefined) return null;
    const now = { price: contract?.ltp ?? last.c, oi: last.oi };
    if (choices.window === 'prevClose') return windowBuildUp(previousBase, now, tickSize);
    const start = windowStartMinute(choices.window, chain.at, istInstant(istDateOf(chain.at), '09:15'));
    const first = minutes.find((candle) => start !== null && candle.t >= start);
    return windowBuildUp(first === undefined ? null : { price: first.o, oi: first.oi }, now, tickSize);
  }, [minutes, chain, contract?.ltp, choices.window, previousBase, tickSize]);

  // The expected move to expiry: ± the ATM straddle around the future.
  const expected = useMemo(() => {
    if (chain === undefined) return null;
    const atm = chain.rows.find((row) => row.strike === chain.atmStrike);
    const futures = chain.summary.futures;
    if (atm === undefined || futures === null || atm.ce.ltp === null || atm.pe.ltp === null) return null;
    const move = straddleExpectedMove(futures, atm.ce.ltp, atm.pe.ltp);
    return move === null ? null : { ...move, strike: atm.strike };
  }, [chain]);
  const rangeUsed = useMemo(() => {
    if (expected === null || contract?.kind !== 'FUT' || minutes.length === 0) return null;
    const high = Math.max(...minutes.map((candle) => candle.h));
    const low = Math.min(...minutes.map((candle) => candle.l));
    return expectedRangeUsed(high, low, expected.move);
  }, [expected, contract?.kind, minutes]);

  const multiDay = choices.period !== '1D';
  const timeLabel = useCallback(
    (t: number) => (multiDay ? formatIstDateTime(t) : formatIstClockTime(t).slice(0, -3)),
    [multiDay],
  );
  const option = useMemo(() => {
    if (rows === null) return null;
    const levels =
      expected === null || contract?.kind !== 'FUT'
        ? []
        : [
            { value: expected.upper, label: `+EM ${formatIndianNumber(expected.upper, 0)}`, colour: '#0d6efd' },
            { value: expected.lower, label: `−EM ${formatIndianNumber(expected.lower, 0)}`, colour: '#0d6efd' },
          ];
    return priceOiOption({ rows, categories: rows.map((row) => timeLabel(row.t)), theme, levels });
  }, [rows, expected, contract?.kind, theme, timeLabel]);

  const columns = useMemo(
    (): DataTableColumn<PriceOiRow>[] => [
      {
        id: 'time',
        header: 'Time',
        label: 'Time',
        rowHeader: true,
        value: (row) => row.t,
        cell: (row) => timeLabel(row.t),
      },
      {
        id: 'price',
        header: 'Price',
        label: 'Price',
        filter: 'numeric',
        value: (row) => row.price,
        cell: (row) => formatIndianNumber(row.price, 2),
      },
      {
        id: 'change',
        header: 'Δ',
        label: 'Δ',
        filter: 'numeric',
        value: (row) => row.change,
        cell: (row) => signed(row.change, 2),
      },
      {
        id: 'changePercent',
        header: 'Δ%',
        label: 'Δ%',
        filter: 'numeric',
        value: (row) => row.changePercent,
        cell: (row) => signed(row.changePercent, 2),
      },
      {
        id: 'oi',
        header: 'OI',
        label: 'OI',
        filter: 'numeric',
        value: (row) => row.oi,
        cell: (row) => formatIndianNumber(row.oi, 0),
      },
      {
        id: 'oiChange',
        header: 'ΔOI',
        label: 'ΔOI',
        filter: 'numeric',
        value: (row) => row.oiChange,
        cell: (row) => signed(row.oiChange, 0),
      },
      {
        id: 'oiChangePercent',
        header: 'ΔOI %',
        label: 'ΔOI %',
        filter: 'numeric',
        value: (row) => row.oiChangePercent,
        cell: (row) => signed(row.oiChangePercent, 2),
      },
      {
        id: 'volume',
        header: 'Volume',
        label: 'Volume',
        filter: 'numeric',
        value: (row) => row.volume,
        cell: (row) => formatIndianNumber(row.volume, 0),
      },
      {
        id: 'buildUp',
        header: 'Build-up',
        label: 'Build-up',
        value: (row) => BUILD_UP_STYLES[row.buildUp].label,
        cell: (row) => <BuildUpBadge buildUp={row.buildUp} />,
      },
      {
        id: 'cumulative',
        header: 'Cum. ΔOI',
        label: 'Cum. ΔOI',
        filter: 'numeric',
        value: (row) => row.cumulativeOiChange,
        cell: (row) => signed(row.cumulativeOiChange, 0),
      },
    ],
    [timeLabel],
  );
  const newestFirst = useMemo(() => (rows === null ? [] : [...rows].reverse()), [rows]);
  const windowLabel = BUILD_UP_WINDOWS.find((entry) => entry.window === choices.window)?.label ?? '';

  const status = snapshotCandlesStatus({
    snapshot,
    title: TITLE,
    what: 'contracts',
    candles: { rows, isError: query.isError, retry: () => void query.refetch() },
    empty: `No candles yet for ${contract?.label ?? 'this contract'} in this period.`,
  });
  return (
    <div className="price-oi d-flex flex-column gap-2">
      <ChainSnapshotHeader snapshot={snapshot} title={TITLE} idPrefix={ROUTE} legs={false}>
        <Form.Group controlId={`${ROUTE}-contract`} className="d-flex flex-column">
          <Form.Label className="small mb-0">Contract</Form.Label>
          <Form.Select
            size="sm"
            value={contract?.id ?? FUTURE}
            onChange={(event) => choose({ contract: event.target.value })}
          >
            {contracts.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <ChoiceButtons
          id={`${ROUTE}-resolution`}
          label="Interval"
          choice={{ options: RESOLUTIONS, value: choices.resolution, onChange: (resolution) => choose({ resolution }) }}
        />
        <ChoiceButtons
          id={`${ROUTE}-period`}
          label="Period"
          choice={{ options: PERIODS, value: choices.period, onChange: (period) => choose({ period }) }}
        />
        <ChoiceButtons
          id={`${ROUTE}-window`}
          label="Build-up over"
          choice={{
            options: BUILD_UP_WINDOWS.map((entry) => entry.label),
            value: windowLabel,
            onChange: (label) =>
              choose({ window: BUILD_UP_WINDOWS.find((entry) => entry.label === label)?.window ?? 'open' }),
          }}
        />
      </ChainSnapshotHeader>
      {status ?? (
        <>
          <dl className="d-flex flex-wrap gap-3 mb-0 small">
            <div data-testid="window-build-up">
              <dt className="fw-normal text-body-secondary">Build-up ({windowLabel})</dt>
              <dd className="mb-0">
                {windowFigures === null ? (
                  '–'
                ) : (
                  <>
                    <BuildUpBadge buildUp={windowFigures.buildUp} /> Price {signed(windowFigures.priceChange, 2)} (
                    {signed(windowFigures.priceChangePercent, 2)} %) · OI {signed(windowFigures.oiChange, 0)} (
                    {signed(windowFigures.oiChangePercent, 2)} %)
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt className="fw-normal text-body-secondary">Expected move to expiry</dt>
              <dd className="mb-0" data-testid="expected-move">
                {expected === null
                  ? '–'
                  : `±${formatIndianNumber(expected.move, 2)} (${formatIndianNumber(expected.percent, 2)} %)`}
              </dd>
            </div>
            {expected !== null && (
              <div>
                <dt className="fw-normal text-body-secondary">Bands</dt>
                <dd className="mb-0" data-testid="expected-bands">
                  {formatIndianNumber(expected.lower, 2)} – {formatIndianNumber(expected.upper, 2)}
                </dd>
              </div>
            )}
            {rangeUsed !== null && (
              <div>
                <dt className="fw-normal text-body-secondary">Range used today</dt>
                <dd className="mb-0">{formatIndianNumber(rangeUsed, 1)} %</dd>
              </div>
            )}
          </dl>
          <p className="small text-body-secondary mb-0">
            Expected move = the {expected?.strike ?? 'ATM'} straddle (ATM CE + PE premium) around the future, drawn as
            bands on the future&apos;s chart. Build-up per candle from its price and OI moves against the candle before:
            Long Build-up ↑↑, Short Build-up ↓↑, Short Covering ↑↓, Long Unwinding ↓↓.
          </p>
          {option !== null && (
            <ChartPanel
              title={`${contract?.label ?? ''} Price vs OI`}
              option={option}
              theme={theme}
              ariaLabel={`Candles, OI and ΔOI by build-up of ${contract?.label ?? 'the contract'}`}
              height={460}
            />
          )}
          <DataTable
            columns={columns}
            rows={newestFirst}
            rowId={(row) => String(row.t)}
            caption={`${snapshot.choices.name} ${contract?.label ?? ''} price and OI by candle`}
            testId={`${ROUTE}-table`}
            stickyColumnId="time"
            csvFileName={`${snapshot.choices.name}-${ROUTE}.csv`}
            emptyText="No candles yet."
          />
        </>
      )}
    </div>
  );
}
