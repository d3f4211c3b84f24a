import { formatIndianNumber } from '@fnodesk/domain';
import { useCallback, useMemo, useState } from 'react';
import { Badge } from 'react-bootstrap';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { ChoiceButtons, PageHeader } from '../../../components/market/page-header';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { useDataQuery } from '../../../lib/use-data-query';
import { useFnoUniverse } from '../hooks/use-fno-universe';
import { advanceDecline, gapFlag, gapPercent, sectorCards } from '../utils/breadth';
import type { FutureRow } from '../utils/futures-rows';
import { impliedOpenOf, preOpenRows, type PreOpenRow } from '../utils/pre-open-rows';
import { SectorCardGrid } from './sector-card-grid';
import { UniverseState } from './universe-state';

/** Pages brief G1: the indicative prices refresh every 10 s until order entry closes (09:08), then stay. */
const INDICATIVE_REFRESH_MS = 10_000;

const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
const price = (value: number | null) => (value === null ? '–' : formatIndianNumber(value, 2));
const signedPercent = (value: number | null) =>
  value === null ? '–' : `${value > 0 ? '+' : ''}${formatIndianNumber(value, 2)}%`;
const tone = (value: number | null) =>
  value === null || value === 0 ? '' : value > 0 ? 'text-success' : 'text-danger';

function FlagBadge({ flag }: { flag: 'large' | 'notable' | null }) {
  if (flag === null) return null;
  return <Badge bg={flag === 'large' ? 'danger' : 'warning'}>{flag === 'large' ? '> 2%' : '> 1%'}</Badge>;
}

const STOCK_COLUMNS: DataTableColumn<PreOpenRow>[] = [
  { id: 'symbol', header: 'SYMBOL', label: 'Symbol', filter: 'text', rowHeader: true, value: (row) => row.symbol },
  { id: 'sector', header: 'SECTOR', label: 'Sector', filter: 'text', value: (row) => row.sector },
  {
    id: 'prevClose',
    header: 'PREV CLOSE',
    label: 'Previous close',
    filter: 'numeric',
    value: (row) => row.prevClose,
    cell: (row) => price(row.prevClose),
  },
  {
    id: 'iep',
    header: 'IEP',
    label: 'IEP',
    filter: 'numeric',
    value: (row) => row.price,
    cell: (row) => price(row.price),
  },
  {
    id: 'gap',
    header: 'GAP %',
    label: 'Gap %',
    filter: 'numeric',
    value: (row) => round2(row.gap),
    cell: (row) => signedPercent(row.gap),
    cellClassName: (row) => tone(row.gap),
  },
  {
    id: 'flag',
    header: 'FLAG',
    label: 'Gap flag',
    filter: 'text',
    value: (row) => (row.flag === 'large' ? '> 2%' : row.flag === 'notable' ? '> 1%' : null),
    cell: (row) => <FlagBadge flag={row.flag} />,
  },
  {
    id: 'quantity',
    header: 'QTY',
    label: 'Indicative quantity',
    filter: 'numeric',
    value: (row) => row.quantity,
    cell: (row) => formatIndianNumber(row.quantity, 0),
  },
];

/** A near-month future in the pre-open: the price the call auction discovered (its open) against the close. */
interface FuturePreOpenRow {
  token: number;
  symbol: string;
  prevClose: number | null;
  open: number | null;
  gap: number | null;
}

const FUTURE_COLUMNS: DataTableColumn<FuturePreOpenRow>[] = [
  { id: 'symbol', header: 'SYMBOL', label: 'Symbol', filter: 'text', rowHeader: true, value: (row) => row.symbol },
  {
    id: 'prevClose',
    header: 'PREV CLOSE',
    label: 'Previous close',
    filter: 'numeric',
    value: (row) => row.prevClose,
    cell: (row) => price(row.prevClose),
  },
  {
    id: 'open',
    header: 'OPEN',
    label: 'Pre-open price',
    filter: 'numeric',
    value: (row) => row.open,
    cell: (row) => price(row.open),
  },
  {
    id: 'gap',
    header: 'GAP %',
    label: 'Gap %',
    filter: 'numeric',
    value: (row) => round2(row.gap),
    cell: (row) => (
      <>
        {signedPercent(row.gap)} <FlagBadge flag={gapFlag(row.gap)} />
      </>
    ),
    cellClassName: (row) => tone(row.gap),
  },
];

function futurePreOpen(row: FutureRow): FuturePreOpenRow {
  return {
    token: row.token,
    symbol: row.symbol,
    prevClose: row.prevClose,
    open: row.open,
    gap: row.open === null || row.prevClose === null ? null : gapPercent(row.open, row.prevClose),
  };
}

function FuturesPreOpen() {
  const universe = useFnoUniverse({ slot: 'near', window: 'prevClose', keepUp: { kind: 'poll', pollMs: 60_000 } });
  const rows = useMemo(() => universe.rows.map(futurePreOpen), [universe.rows]);
  return (
    <UniverseState state={universe.state} what="the futures" retry={universe.retry}>
      <DataTable
        columns={FUTURE_COLUMNS}
        rows={rows}
        rowId={(row) => String(row.token)}
        rowAttributes={(row) => ({ 'data-symbol': row.symbol })}
        caption="Near-month futures in the pre-open"
        testId="pre-market-futures-table"
        stickyColumnId="symbol"
        csvFileName="pre-market-futures.csv"
      />
    </UniverseState>
  );
}

/**
 * /pages/pre-market, Pre-Market: the pre-open call auction of the F&O stocks — each stock's indicative equilibrium
 * price (IEP) and gap against the previous close (flagged beyond 1 % and 2 %), advances, declines and unchanged,
 * the Nifty and Bank Nifty opens their constituents imply, sector cards, and a tab of the near-month futures'
 * pre-open (NSE runs one for them since 8-Dec-2025). Indicative prices refresh every 10 s until they are final.
 */
export function PreMarketScreen() {
  const [tab, setTab] = useState<'Stocks' | 'Futures'>('Stocks');
  const quotesQuery = useDataQuery(
    'get_pre_market_ticks',
    {},
    {
      staleTime: INDICATIVE_REFRESH_MS,
      // Indicative prices move until order entry closes; once final they are the day's opens.
      refetchInterval: (query) =>
        query.state.data?.data.some((quote) => !quote.final) === true ? INDICATIVE_REFRESH_MS : false,
    },
  );
  const instruments = useDataQuery('get_pre_market_instruments', {}, { staleTime: 10 * 60_000 });
  const sectorsQuery = useDataQuery('get_index_sector', {});
  const answer = quotesQuery.data;
  const servedUntil = useMemo(() => {
    let latest = 0;
    for (const quote of answer?.data ?? []) latest = Math.max(latest, quote.ts);
    return latest === 0 ? undefined : latest;
  }, [answer]);
  const refetch = quotesQuery.refetch;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const page = useMarketDataPage({
    exchange: 'NSE',
    served: answer,
    servedUntil,
    dataAt: servedUntil,
    tokens: [],
    ticks: 'none',
    refresh,
  });

  const sectorOf = useMemo(
    () =>
      new Map(
        (instruments.data?.data ?? [])
          .filter((instrument) => instrument.sector !== null)
          .map((instrument) => [instrument.instrumentToken, instrument.sector ?? '']),
      ),
    [instruments.data],
  );
  const rows = useMemo(() => preOpenRows(answer?.data ?? [], sectorOf), [answer, sectorOf]);
  const counts = advanceDecline(rows);
  const cards = useMemo(() => sectorCards(rows, 'changePercent', true), [rows]);
  const implied = useMemo(() => {
    const sectors = sectorsQuery.data?.data;
    const quotes = answer?.data;
    if (sectors === undefined || quotes === undefined) return [];
    return ['NIFTY 50', 'NIFTY BANK'].flatMap((index) => impliedOpenOf(index, sectors, quotes) ?? []);
  }, [sectorsQuery.data, answer]);
  const final = rows.length > 0 && rows.every((row) => row.final);

  const state =
    (quotesQuery.isError && answer === undefined) || (instruments.isError && instruments.data === undefined)
      ? 'error'
      : answer === undefined || instruments.data === undefined
        ? 'loading'
        : rows.length === 0
          ? 'empty'
          : 'ready';

  return (
    <div className="pre-market d-flex flex-column gap-2">
      <PageHeader
        title="Pre-Market"
        idPrefix="pre-market"
        status={{
          mode: page.mode,
          lastUpdatedAt: page.lastUpdatedAt,
          nextUpdateSeconds: page.nextUpdateSeconds,
          replay: page.replaying,
        }}
        banner={page.banner === null ? null : { text: page.banner.text, tone: page.banner.variant }}
      >
        <ChoiceButtons
          id="pre-market-tab"
          label="Show"
          choice={{ options: ['Stocks', 'Futures'] as const, value: tab, onChange: setTab }}
        />
      </PageHeader>
      {tab === 'Futures' ? (
        <FuturesPreOpen />
      ) : (
        <UniverseState state={state} what="the pre-open prices" retry={refresh}>
          <dl className="d-flex flex-wrap gap-2 mb-0" data-testid="pre-market-summary">
            <div className="border rounded px-2 py-1">
              <dt className="small text-body-secondary fw-normal">Advances</dt>
              <dd className="mb-0 fw-semibold text-success" data-testid="advances">
                {counts.advances}
              </dd>
            </div>
            <div className="border rounded px-2 py-1">
              <dt className="small text-body-secondary fw-normal">Declines</dt>
              <dd className="mb-0 fw-semibold text-danger" data-testid="declines">
                {counts.declines}
              </dd>
            </div>
            <div className="border rounded px-2 py-1">
              <dt className="small text-body-secondary fw-normal">Unchanged</dt>
              <dd className="mb-0 fw-semibold" data-testid="unchanged">
                {counts.unchanged}
              </dd>
            </div>
            {implied.map((entry) => (
              <div
                key={entry.index}
                className="border rounded px-2 py-1"
                data-testid="implied-open"
                data-index={entry.index}
              >
                <dt className="small text-body-secondary fw-normal">{entry.index} implied open</dt>
                <dd className="mb-0 fw-semibold font-monospace">
                  {entry.implied === null ? '–' : price(entry.implied.open)}{' '}
                  <span className={`small ${tone(entry.implied?.gapPercent ?? null)}`}>
                    ({signedPercent(entry.implied?.gapPercent ?? null)})
                  </span>
                  {entry.iep !== null && <span className="small text-body-secondary"> · IEP {price(entry.iep)}</span>}
                </dd>
              </div>
            ))}
            <div className="align-self-center small text-body-secondary">
              {final ? 'Final: the session’s opening prices' : 'Indicative: order entry is open'}
            </div>
          </dl>
          <SectorCardGrid cards={cards} priceLabel="IEP" />
          <DataTable
            columns={STOCK_COLUMNS}
            rows={rows}
            rowId={(row) => String(row.token)}
            rowAttributes={(row) => ({ 'data-symbol': row.symbol })}
            caption="F&O stocks in the pre-open"
            testId="pre-market-table"
            stickyColumnId="symbol"
            csvFileName="pre-market.csv"
          />
        </UniverseState>
      )}
    </div>
  );
}
