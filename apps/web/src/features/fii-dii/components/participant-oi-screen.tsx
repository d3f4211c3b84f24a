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
  longSharePercent,
  PARTICIPANT_INSTRUMENTS,
  PARTICIPANTS,
  participantOiRows,
  type DerivativeUnderlying,
  type ParticipantInstrument,
  type ParticipantOiRow,
} from '../utils/participant-oi-rows';

const VIEW_TONE = { BULLISH: 'text-success', BEARISH: 'text-danger', NA: 'text-body-secondary' } as const;

const COLUMNS: DataTableColumn<ParticipantOiRow>[] = [
  textColumn({ id: 'date', header: 'Date', value: (row) => formatSessionDate(row.date), rowHeader: true }),
  textColumn({ id: 'participant', header: 'Type', label: 'Type', value: (row) => row.participant }),
  textColumn({ id: 'instrument', header: 'Instrument', value: (row) => row.instrument }),
  numberColumn({ id: 'long', header: 'Long', value: (row) => row.long, digits: 0 }),
  numberColumn({ id: 'short', header: 'Short', value: (row) => row.short, digits: 0 }),
  numberColumn({ id: 'net', header: 'Net', value: (row) => row.net, digits: 0, signed: true }),
  numberColumn({ id: 'netChange', header: 'Net Chg', value: (row) => row.netChange, digits: 0, signed: true }),
  {
    id: 'direction',
    header: 'Direction',
    label: 'Direction',
    value: (row) => row.direction,
    cell: (row) => <DirectionArrow direction={row.direction} />,
    filter: 'text',
  },
  textColumn({ id: 'activity', header: 'Activity', value: (row) => row.activity }),
  {
    ...textColumn<ParticipantOiRow>({ id: 'view', header: 'View', value: (row) => row.view }),
    cellClassName: (row) => `fw-semibold ${VIEW_TONE[row.view]}`,
  },
];

const UNDERLYINGS: readonly DerivativeUnderlying[] = ['Index', 'Stock'];
const PARTICIPANT_COLOURS = { Client: '#0d6efd', DII: '#fd7e14', FII: '#dc3545', Pro: '#198754' } as const;
/** Sessions read: about three months, so the ratio history has a shape. */
const CALENDAR_DAYS = 95;
/** Sessions the table lists (the chart shows them all). */
const TABLE_SESSIONS = 10;

/** Props of {@link ParticipantOiScreen}. */
export interface ParticipantOiScreenProps {
  theme: ChartTheme;
  clock?: Clock;
}

/**
 * /pages/participant-oi: each participant's (Client, DII, FII, Pro) long and short contracts in futures, calls and
 * puts, the net and its day-on-day change, what they did ("SOLD FUTURES") and what it says (BULLISH or BEARISH);
 * index or stock derivatives; the history of each participant's long share in the chosen instrument.
 */
export function ParticipantOiScreen({ theme, clock }: ParticipantOiScreenProps) {
  const [underlying, setUnderlying] = useState<DerivativeUnderlying>('Index');
  const [instrument, setInstrument] = useState<ParticipantInstrument>('Futures');
  const query = useDailyDataset('get_fno_oi', CALENDAR_DAYS, clock);
  const sessions = useMemo(
    () => [...(query.data?.data ?? [])].sort((a, b) => a.date.localeCompare(b.date)),
    [query.data],
  );
  // One session more than listed, so the oldest listed session still has its change.
  const rows = useMemo(
    () =>
      participantOiRows(sessions.slice(-(TABLE_SESSIONS + 1)), underlying).slice(
        0,
        TABLE_SESSIONS * PARTICIPANTS.length * PARTICIPANT_INSTRUMENTS.length,
      ),
    [sessions, underlying],
  );
  const latest = sessions.at(-1);

  // The React Compiler memoises this with its inputs.
  const chart = categorySeriesOption({
    categories: sessions.map((session) => formatSessionDay(session.date)),
    series: PARTICIPANTS.map((participant) => ({
      name: participant,
      kind: 'line' as const,
      values: longSharePercent(sessions, participant, instrument, underlying).map((point) => point.percent),
      colour: PARTICIPANT_COLOURS[participant],
    })),
    theme,
    formatValue: (value) => `${formatIndianNumber(value, 1)}%`,
  });

  return (
    <section className="participant-oi d-flex flex-column gap-3 py-2" aria-labelledby="participant-oi-heading">
      <DatasetHeader
        id="participant-oi-heading"
        title="Participant Open Interest"
        asOf={latest === undefined ? null : formatSessionDate(latest.date)}
      >
        <ChoiceButtons
          id="participant-oi-underlying"
          label="Derivatives"
          choice={{ options: UNDERLYINGS, value: underlying, onChange: setUnderlying }}
        />
      </DatasetHeader>
      <DatasetStatus
        subject="participant open interest"
        pending={query.isPending}
        error={query.isError}
        empty={sessions.length === 0}
        onRetry={() => void query.refetch()}
      >
        <DataTable
          columns={COLUMNS}
          rows={rows}
          rowId={(row) => `${row.date}-${row.participant}-${row.instrument}`}
          caption={`Participant-wise open interest in ${underlying.toLowerCase()} derivatives`}
          testId="participant-oi-table"
          stickyColumnId="date"
          csvFileName={`participant-oi-${underlying.toLowerCase()}.csv`}
          rowAttributes={(row) => ({
            'data-date': row.date,
            'data-participant': row.participant,
            'data-instrument': row.instrument,
          })}
        />
        <div className="d-flex flex-wrap align-items-end gap-3">
          <ChoiceButtons
            id="participant-oi-ratio-instrument"
            label="Long share of"
            choice={{ options: PARTICIPANT_INSTRUMENTS, value: instrument, onChange: setInstrument }}
          />
        </div>
        <ChartPanel
          title={`Long % of ${instrument} positions (long ÷ (long + short))`}
          option={chart}
          theme={theme}
          ariaLabel={`Each participant's long share of ${underlying.toLowerCase()} ${instrument} positions per session`}
          height={300}
        />
      </DatasetStatus>
    </section>
  );
}
