import type { ChartTheme } from '@fnodesk/charts';
import { formatIndianNumber, type Clock } from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { categorySeriesOption } from '../../../components/charts/series-options';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { numberColumn, textColumn } from '../../../components/data-table/number-columns';
import { DatasetHeader, DatasetStatus, DirectionArrow } from '../../../components/market/dataset-status';
import { ChoiceButtons } from '../../../components/market/page-header';
import { formatSessionDate, formatSessionDay } from '../../../lib/market/session-date';
import { useDailyDataset } from '../../../lib/market/use-daily-dataset';
import {
  CASH_ROLL_UPS,
  cashActivityRows,
  cumulativeNet,
  type CashActivityRow,
  type CashRollUp,
} from '../utils/cash-activity-rows';

/** Sessions the page can show, as choices; 30 by default (pages brief G3). */
const SESSION_CHOICES = ['30', '60', '120', '250'] as const;
type SessionChoice = (typeof SESSION_CHOICES)[number];
// Calendar days that hold at least that many sessions (weekends and holidays included).
const CALENDAR_DAYS: Record<SessionChoice, number> = { '30': 50, '60': 95, '120': 180, '250': 370 };

const FII_COLOUR = '#0d6efd';
const DII_COLOUR = '#fd7e14';

const COLUMNS: DataTableColumn<CashActivityRow>[] = [
  textColumn({ id: 'date', header: 'Date', value: (row) => row.label, rowHeader: true }),
  textColumn({ id: 'type', header: 'Type', value: (row) => row.type }),
  numberColumn({ id: 'buy', header: 'Buy', label: 'Buy (₹ Cr)', value: (row) => row.buy }),
  numberColumn({ id: 'sell', header: 'Sell', label: 'Sell (₹ Cr)', value: (row) => row.sell }),
  numberColumn({ id: 'net', header: 'Net Value', label: 'Net Value (₹ Cr)', value: (row) => row.net, signed: true }),
  numberColumn({
    id: 'netChange',
    header: 'Net Chg',
    label: 'Net Chg (₹ Cr)',
    value: (row) => row.netChange,
    signed: true,
  }),
  {
    id: 'direction',
    header: 'Direction',
    label: 'Direction',
    value: (row) => row.direction,
    cell: (row) => <DirectionArrow direction={row.direction} />,
    filter: 'text',
  },
];

/** Props of {@link CashMarketActivityScreen}. */
export interface CashMarketActivityScreenProps {
  theme: ChartTheme;
  clock?: Clock;
}

/**
 * /pages/cash-market-activity: FII/FPI and DII buying and selling in the cash market (₹ crore) per session, week or
 * month, with the net, its change against the previous period and its direction; a chart of the daily nets with
 * their running totals over the sessions shown.
 */
export function CashMarketActivityScreen({ theme, clock }: CashMarketActivityScreenProps) {
  const [sessionsShown, setSessionsShown] = useState<SessionChoice>('30');
  const [rollUp, setRollUp] = useState<CashRollUp>('Daily');
  const query = useDailyDataset('get_cash_market', CALENDAR_DAYS[sessionsShown], clock);
  const sessions = useMemo(() => {
    const all = [...(query.data?.data ?? [])].sort((a, b) => a.date.localeCompare(b.date));
    return all.slice(-Number(sessionsShown));
  }, [query.data, sessionsShown]);
  const rows = useMemo(() => cashActivityRows(sessions, rollUp), [sessions, rollUp]);
  const latest = sessions.at(-1);

  // The React Compiler memoises this with its inputs.
  const chart = (() => {
    const running = cumulativeNet(sessions);
    return categorySeriesOption({
      categories: sessions.map((session) => formatSessionDay(session.date)),
      series: [
        { name: 'FII/FPI Net', kind: 'bar', values: sessions.map((s) => s.fii.net), colour: FII_COLOUR },
        { name: 'DII Net', kind: 'bar', values: sessions.map((s) => s.dii.net), colour: DII_COLOUR },
        {
          name: 'FII/FPI Cumulative',
          kind: 'line',
          values: running.map((r) => r.fii),
          colour: FII_COLOUR,
          rightAxis: true,
        },
        {
          name: 'DII Cumulative',
          kind: 'line',
          values: running.map((r) => r.dii),
          colour: DII_COLOUR,
          rightAxis: true,
        },
      ],
      theme,
      formatValue: (value) => formatIndianNumber(value, 0),
    });
  })();

  return (
    <section className="cash-market-activity d-flex flex-column gap-3 py-2" aria-labelledby="cash-market-heading">
      <DatasetHeader
        id="cash-market-heading"
        title="Cash Market Activity"
        asOf={latest === undefined ? null : formatSessionDate(latest.date)}
      >
        <ChoiceButtons
          id="cash-market-sessions"
          label="Sessions"
          choice={{ options: SESSION_CHOICES, value: sessionsShown, onChange: setSessionsShown }}
        />
        <ChoiceButtons
          id="cash-market-roll-up"
          label="Roll-up"
          choice={{ options: CASH_ROLL_UPS, value: rollUp, onChange: setRollUp }}
        />
      </DatasetHeader>
      <DatasetStatus
        subject="cash market activity"
        pending={query.isPending}
        error={query.isError}
        empty={sessions.length === 0}
        onRetry={() => void query.refetch()}
      >
        <p className="small text-body-secondary mb-0">
          Values in ₹ crore (provisional, as the exchange publishes them after the close). Net Chg compares each{' '}
          {rollUp === 'Daily' ? 'session' : rollUp === 'Weekly' ? 'week' : 'month'} with the one before.
        </p>
        <ChartPanel
          title="Net buying by session"
          option={chart}
          theme={theme}
          ariaLabel="FII/FPI and DII net value per session, with their running totals"
          height={300}
        />
        <DataTable
          columns={COLUMNS}
          rows={rows}
          rowId={(row) => `${row.period}-${row.type}`}
          caption="FII/FPI and DII cash market activity"
          testId="cash-market-table"
          stickyColumnId="date"
          csvFileName="cash-market-activity.csv"
          rowAttributes={(row) => ({ 'data-period': row.period, 'data-type': row.type })}
        />
      </DatasetStatus>
    </section>
  );
}
