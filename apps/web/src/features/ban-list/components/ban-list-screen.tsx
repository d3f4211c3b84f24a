import { istDateOf, previousTradingDay, systemClock, type Clock, type IsoDate } from '@fnodesk/domain';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Badge, Card, Form } from 'react-bootstrap';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { numberColumn, textColumn } from '../../../components/data-table/number-columns';
import { DatasetHeader, DatasetStatus } from '../../../components/market/dataset-status';
import { formatSessionDate } from '../../../lib/market/session-date';
import { dataQueryOptions, useDataQuery } from '../../../lib/use-data-query';
import {
  BAN_ENTRY_PERCENT,
  BAN_EXIT_PERCENT,
  banLists,
  mwplRows,
  WATCH_PERCENT,
  type MwplAnswer,
  type MwplRow,
} from '../utils/ban-list-rows';

/** Sessions before the chosen one read for the days in ban. */
const HISTORY_SESSIONS = 10;

const symbolColumn = textColumn<MwplRow>({
  id: 'symbol',
  header: 'Symbol',
  value: (row) => row.symbol,
  rowHeader: true,
});
const mwplColumn = numberColumn<MwplRow>({ id: 'mwpl', header: 'MWPL %', value: (row) => row.mwplPercent });
const prevColumn = numberColumn<MwplRow>({
  id: 'prevMwpl',
  header: 'Prev MWPL %',
  value: (row) => row.prevMwplPercent,
});

const LIST_COLUMNS: DataTableColumn<MwplRow>[] = [symbolColumn, mwplColumn, prevColumn];
const BANNED_COLUMNS: DataTableColumn<MwplRow>[] = [
  ...LIST_COLUMNS,
  numberColumn<MwplRow>({ id: 'daysInBan', header: 'Days in Ban', value: (row) => row.daysInBan, digits: 0 }),
];
const ALL_COLUMNS: DataTableColumn<MwplRow>[] = [
  ...LIST_COLUMNS,
  numberColumn<MwplRow>({ id: 'difference', header: 'Difference', value: (row) => row.difference, signed: true }),
];

function ListCard({
  title,
  testId,
  rows,
  columns,
  empty,
}: {
  title: string;
  testId: string;
  rows: readonly MwplRow[];
  columns: readonly DataTableColumn<MwplRow>[];
  empty: string;
}) {
  return (
    <Card className="col-12 col-lg-4 p-0">
      <Card.Header className="d-flex align-items-center gap-2">
        <h2 className="h6 mb-0">{title}</h2>
        <Badge bg="secondary" pill>
          {rows.length}
        </Badge>
      </Card.Header>
      <Card.Body className="p-1">
        <DataTable
          columns={columns}
          rows={rows}
          rowId={(row) => row.symbol}
          caption={title}
          testId={testId}
          emptyText={empty}
          rowAttributes={(row) => ({ 'data-symbol': row.symbol })}
        />
      </Card.Body>
    </Card>
  );
}

/** Props of {@link BanListScreen}. */
export interface BanListScreenProps {
  clock?: Clock;
}

/**
 * /pages/ban-list: the F&O ban list of a session (stocks whose open interest passed 95 % of their market-wide
 * position limit), the stocks that may enter it next (use at or above 85 %) and those that may leave it (banned,
 * under 85 %, the exit being under 80 %), each with today's and the previous session's MWPL %; then every stock's
 * change, sortable and searchable.
 */
export function BanListScreen({ clock = systemClock }: BanListScreenProps) {
  const today = istDateOf(clock.now());
  const [chosenDate, setChosenDate] = useState<IsoDate | null>(null);
  const query = useDataQuery('fno-mwpl', chosenDate === null ? {} : { date: chosenDate }, { staleTime: 10 * 60_000 });
  const answer = query.data?.data;
  // The sessions before the one served, newest first (the server answers a non-trading day with the one before).
  const historyDates = useMemo(() => {
    if (answer === undefined) return [];
    const dates: IsoDate[] = [];
    let date = answer.date;
    for (let i = 0; i < HISTORY_SESSIONS; i++) {
      date = previousTradingDay(date, 'NSE');
      dates.push(date);
    }
    return dates;
  }, [answer]);
  const history = useQueries({
    queries: historyDates.map((date) => dataQueryOptions('fno-mwpl', { date }, { staleTime: Infinity })),
  });
  const historyAnswers = history
    .map((entry) => entry.data?.data)
    .filter((data): data is MwplAnswer => data !== undefined);
  const previous = history[0]?.data?.data;
  const complete = historyAnswers.length === historyDates.length;

  const rows = answer === undefined ? [] : mwplRows(answer, previous, complete ? historyAnswers : []);
  const lists = banLists(rows, answer?.banned ?? []);

  return (
    <section className="ban-list d-flex flex-column gap-3 py-2" aria-labelledby="ban-list-heading">
      <DatasetHeader
        id="ban-list-heading"
        title="F&O Ban List"
        asOf={answer === undefined ? null : formatSessionDate(answer.date)}
      >
        <Form.Group controlId="ban-list-date">
          <Form.Label className="small mb-0">Date</Form.Label>
          <Form.Control
            type="date"
            size="sm"
            max={today}
            value={chosenDate ?? answer?.date ?? today}
            onChange={(event) => setChosenDate(event.target.value === '' ? null : event.target.value)}
          />
        </Form.Group>
      </DatasetHeader>
      <DatasetStatus
        subject="ban list"
        pending={query.isPending}
        error={query.isError}
        empty={answer !== undefined && answer.securities.length === 0}
        onRetry={() => void query.refetch()}
      >
        <p className="small text-body-secondary mb-0">
          A stock is banned when its open interest passes {BAN_ENTRY_PERCENT}% of its market-wide position limit (MWPL)
          and stays banned until it falls under {BAN_EXIT_PERCENT}%. Possible entrants are at or above {WATCH_PERCENT}%;
          possible exits are banned stocks under {WATCH_PERCENT}%.
          {(answer?.entrants?.length ?? 0) > 0 && ` Entered today: ${answer?.entrants?.join(', ')}.`}
          {(answer?.exits?.length ?? 0) > 0 && ` Left today: ${answer?.exits?.join(', ')}.`}
        </p>
        <div className="row g-2 mx-0">
          <ListCard
            title="Ban List"
            testId="ban-list-banned"
            rows={lists.banned}
            columns={BANNED_COLUMNS}
            empty="No stock is in the ban period."
          />
          <ListCard
            title="Possible Entrants"
            testId="ban-list-entrants"
            rows={lists.possibleEntrants}
            columns={LIST_COLUMNS}
            empty={`No stock is at or above ${WATCH_PERCENT}%.`}
          />
          <ListCard
            title="Possible Exits"
            testId="ban-list-exits"
            rows={lists.possibleExits}
            columns={LIST_COLUMNS}
            empty={`No banned stock is under ${WATCH_PERCENT}%.`}
          />
        </div>
        <h2 className="h6 mb-0">All Instruments with MWPL Change</h2>
        <DataTable
          columns={ALL_COLUMNS}
          rows={rows}
          rowId={(row) => row.symbol}
          caption="All instruments with MWPL change"
          testId="ban-list-all"
          stickyColumnId="symbol"
          csvFileName={`mwpl-${answer?.date ?? today}.csv`}
          rowAttributes={(row) => ({ 'data-symbol': row.symbol })}
        />
      </DatasetStatus>
    </section>
  );
}
