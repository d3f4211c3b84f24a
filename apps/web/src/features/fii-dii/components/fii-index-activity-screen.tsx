import type { ChartTheme } from '@fnodesk/charts';
import { formatIndianNumber, type Clock } from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { Button, ButtonGroup } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { categorySeriesOption } from '../../../components/charts/series-options';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { numberColumn, textColumn } from '../../../components/data-table/number-columns';
import { DatasetHeader, DatasetStatus, DirectionArrow } from '../../../components/market/dataset-status';
import { formatSessionDate, formatSessionDay } from '../../../lib/market/session-date';
import { useDailyDataset } from '../../../lib/market/use-daily-dataset';
import { FII_SEGMENTS, fiiActivityRows, type FiiActivityRow, type FiiSegment } from '../utils/fii-index-rows';

const COLUMNS: DataTableColumn<FiiActivityRow>[] = [
  textColumn({ id: 'date', header: 'Date', value: (row) => formatSessionDate(row.date), rowHeader: true }),
  textColumn({ id: 'type', header: 'Type', value: (row) => row.type }),
  numberColumn({
    id: 'netContracts',
    header: 'Net Contract',
    value: (row) => row.netContracts,
    digits: 0,
    signed: true,
  }),
  {
    id: 'contractsDirection',
    header: 'Direction of Contract Chg',
    label: 'Direction of Contract Chg',
    value: (row) => row.contractsDirection,
    cell: (row) => <DirectionArrow direction={row.contractsDirection} />,
    filter: 'text',
  },
  numberColumn({ id: 'openInterest', header: 'Open Interest', value: (row) => row.openInterest, digits: 0 }),
  {
    id: 'oiDirection',
    header: 'Direction of OI Chg',
    label: 'Direction of OI Chg',
    value: (row) => row.oiDirection,
    cell: (row) => <DirectionArrow direction={row.oiDirection} />,
    filter: 'text',
  },
  numberColumn({
    id: 'netValue',
    header: 'Net ₹ Cr',
    label: 'Net Value (₹ Cr)',
    value: (row) => row.netValue,
    signed: true,
  }),
  numberColumn({ id: 'oiValue', header: 'OI ₹ Cr', label: 'OI Value (₹ Cr)', value: (row) => row.openInterestValue }),
];

/** Sessions read: about three months. */
const CALENDAR_DAYS = 95;

/** Props of {@link FiiIndexActivityScreen}. */
export interface FiiIndexActivityScreenProps {
  theme: ChartTheme;
  clock?: Clock;
}

/**
 * /pages/fii-index-activity: FII activity in index futures and options (and stock derivatives on request) per
 * session: net contracts bought, open interest, the direction of both against the previous session, and the net
 * value; a chart of the chosen segments' net contracts.
 */
export function FiiIndexActivityScreen({ theme, clock }: FiiIndexActivityScreenProps) {
  const [segments, setSegments] = useState<readonly FiiSegment[]>(['indexFutures', 'indexOptions']);
  const query = useDailyDataset('get_index_stats', CALENDAR_DAYS, clock);
  const sessions = useMemo(
    () => [...(query.data?.data ?? [])].sort((a, b) => a.date.localeCompare(b.date)),
    [query.data],
  );
  const rows = useMemo(() => fiiActivityRows(sessions, segments), [sessions, segments]);
  const latest = sessions.at(-1);
  const toggle = (segment: FiiSegment) =>
    setSegments((chosen) =>
      chosen.includes(segment)
        ? chosen.length === 1
          ? chosen
          : chosen.filter((entry) => entry !== segment)
        : [...chosen, segment],
    );

  // The React Compiler memoises this with its inputs.
  const chart = categorySeriesOption({
    categories: sessions.map((session) => formatSessionDay(session.date)),
    series: FII_SEGMENTS.filter((segment) => segments.includes(segment.id)).map((segment, index) => ({
      name: segment.label,
      kind: 'bar' as const,
      values: sessions.map((session) => session[segment.id].buyContracts - session[segment.id].sellContracts),
      colour: SEGMENT_COLOURS[index % SEGMENT_COLOURS.length] ?? '#0d6efd',
    })),
    theme,
    formatValue: (value) => formatIndianNumber(value, 0),
  });

  return (
    <section className="fii-index-activity d-flex flex-column gap-3 py-2" aria-labelledby="fii-index-heading">
      <DatasetHeader
        id="fii-index-heading"
        title="FII Index Activity"
        asOf={latest === undefined ? null : formatSessionDate(latest.date)}
      >
        <div className="d-flex flex-column">
          <span className="small" id="fii-index-segments">
            Segments
          </span>
          <ButtonGroup size="sm" aria-labelledby="fii-index-segments" className="flex-wrap">
            {FII_SEGMENTS.map((segment) => (
              <Button
                key={segment.id}
                variant={segments.includes(segment.id) ? 'primary' : 'outline-primary'}
                aria-pressed={segments.includes(segment.id)}
                onClick={() => toggle(segment.id)}
              >
                {segment.label}
              </Button>
            ))}
          </ButtonGroup>
        </div>
      </DatasetHeader>
      <DatasetStatus
        subject="FII derivatives activity"
        pending={query.isPending}
        error={query.isError}
        empty={sessions.length === 0}
        onRetry={() => void query.refetch()}
      >
        <p className="small text-body-secondary mb-0">
          Contracts bought less contracts sold by FIIs; the arrows compare each session with the one before.
        </p>
        <ChartPanel
          title="FII net contracts by session"
          option={chart}
          theme={theme}
          ariaLabel="FII net contracts per session in the chosen segments"
          height={280}
        />
        <DataTable
          columns={COLUMNS}
          rows={rows}
          rowId={(row) => `${row.date}-${row.segment}`}
          caption="FII activity in index and stock derivatives"
          testId="fii-index-table"
          stickyColumnId="date"
          csvFileName="fii-index-activity.csv"
          rowAttributes={(row) => ({ 'data-date': row.date, 'data-segment': row.segment })}
        />
      </DatasetStatus>
    </section>
  );
}

const SEGMENT_COLOURS = ['#0d6efd', '#fd7e14', '#6f42c1', '#20c997'];
