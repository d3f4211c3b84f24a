import { BUILD_UP_STYLES, istDateOf, systemClock, type Clock, type IsoDate } from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import type { ColumnFilterTexts, DataTableColumn } from '../../../components/data-table/data-table-columns';
import { MiniBarsCell, SparklineCell } from '../../../components/data-table/mini-chart-cells';
import { numberColumn, textColumn } from '../../../components/data-table/number-columns';
import { DatasetHeader, DatasetStatus } from '../../../components/market/dataset-status';
import { formatSessionDate } from '../../../lib/market/session-date';
import { useDataQuery } from '../../../lib/use-data-query';
import {
  applyEodChip,
  buildUpName,
  EOD_CHIPS,
  eodAnalysisRows,
  eodSessions,
  type EodAnalysisRow,
  type EodChipId,
} from '../utils/eod-analysis-rows';
import { EOD_STALE_MS, eodRangeParams } from '../utils/eod-range';

/** Calendar days read: about three weeks of sessions, so each session shown has five before it. */
const WINDOW_DAYS = 30;

function analysisColumns(historyPath: string): DataTableColumn<EodAnalysisRow>[] {
  return [
    textColumn({ id: 'date', header: 'DATE', label: 'Date', value: (row) => formatSessionDate(row.date) }),
    textColumn({ id: 'sector', header: 'SECTOR', label: 'Sector', value: (row) => row.sector }),
    {
      ...textColumn<EodAnalysisRow>({
        id: 'symbol',
        header: 'INSTRUMENT',
        label: 'Instrument',
        value: (row) => row.symbol,
        rowHeader: true,
      }),
      cell: (row) => (
        <span className="d-inline-flex align-items-center gap-1">
          {row.symbol}
          <Link
            to={`${historyPath}?symbol=${encodeURIComponent(row.symbol)}`}
            className="text-decoration-none"
            aria-label={`${row.symbol} end-of-day history`}
            title="End-of-day history"
          >
            ↗
          </Link>
        </span>
      ),
    },
    {
      id: 'priceHistory',
      header: 'PRICE HISTORY',
      label: 'Price history',
      value: (row) => row.priceHistory.join(' '),
      cell: (row) => <SparklineCell values={row.priceHistory} label={`${row.symbol} closes`} />,
      sortable: false,
    },
    {
      id: 'volumeHistory',
      header: '5D VOL HIS',
      label: '5-day volume history',
      value: (row) => row.volumeHistory.join(' '),
      cell: (row) => <MiniBarsCell values={row.volumeHistory} label={`${row.symbol} volumes`} />,
      sortable: false,
    },
    {
      id: 'deliveryHistory',
      header: '5D DEL HIS',
      label: '5-day delivery % history',
      value: (row) => row.deliveryHistory.join(' '),
      cell: (row) => <MiniBarsCell values={row.deliveryHistory} label={`${row.symbol} delivery %`} digits={2} />,
      sortable: false,
    },
    numberColumn({ id: 'spotLtp', header: 'SPOT LTP', label: 'Spot LTP', value: (row) => row.spotLtp }),
    numberColumn({
      id: 'spotChangePercent',
      header: 'SPOT LTP CHG',
      label: 'Spot LTP change %',
      value: (row) => row.spotChangePercent,
      signed: true,
      suffix: '%',
    }),
    numberColumn({ id: 'futLtp', header: 'FUT LTP', label: 'Futures LTP', value: (row) => row.futLtp }),
    numberColumn({
      id: 'futChangePercent',
      header: 'FUT LTP CHG',
      label: 'Futures LTP change %',
      value: (row) => row.futChangePercent,
      signed: true,
      suffix: '%',
    }),
    numberColumn({
      id: 'spotVolume',
      header: 'SPOT VOL',
      label: 'Spot volume',
      value: (row) => row.spotVolume,
      digits: 0,
    }),
    numberColumn({
      id: 'spotVolumeChangePercent',
      header: 'SPOT VOL PCHG',
      label: 'Spot volume change %',
      value: (row) => row.spotVolumeChangePercent,
      signed: true,
      suffix: '%',
    }),
    numberColumn({
      id: 'averageVolume',
      header: '5D AVG VOL',
      label: '5-day average volume',
      value: (row) => row.averageVolume,
      digits: 0,
    }),
    numberColumn({ id: 'deliveryPercent', header: 'DEL %', label: 'Delivery %', value: (row) => row.deliveryPercent }),
    numberColumn({ id: 'oi', header: 'OI', label: 'Futures OI', value: (row) => row.oi, digits: 0 }),
    numberColumn({
      id: 'oiChangePercent',
      header: 'OI CHG %',
      label: 'Futures OI change %',
      value: (row) => row.oiChangePercent,
      signed: true,
      suffix: '%',
    }),
    {
      id: 'buildUp',
      header: 'BUILD-UP',
      label: 'Build-up',
      filter: 'text',
      value: (row) => buildUpName(row.buildUp),
      cell: (row) => {
        const style = BUILD_UP_STYLES[row.buildUp];
        return (
          <span className={`badge text-bg-${style.tone}`} title={style.label}>
            {style.short}
          </span>
        );
      },
    },
    numberColumn({
      id: 'rolloverPercent',
      header: 'ROLLOVER %',
      label: 'Rollover %',
      value: (row) => row.rolloverPercent,
    }),
  ];
}

/** Props of {@link FuturesEodAnalysisScreen}. */
export interface FuturesEodAnalysisScreenProps {
  /** The Futures EOD page, which the instrument's icon opens on the instrument. */
  historyPath: string;
  clock?: Clock;
}

/**
 * /pages/futures-eod-analysis: every F&O underlying's session from the end-of-day files: spot and near-month future
 * closes and changes, spot volume against its five-session average, delivery, futures OI and build-up, rollover;
 * history cells for price, volume and delivery; chips for gainers, losers, volume spikes, high rollover and high
 * delivery; a filter under every column and CSV export.
 */
export function FuturesEodAnalysisScreen({ historyPath, clock = systemClock }: FuturesEodAnalysisScreenProps) {
  const columns = useMemo(() => analysisColumns(historyPath), [historyPath]);
  const today = istDateOf(clock.now());
  const params = useMemo(() => ({ ...eodRangeParams(today, WINDOW_DAYS), type: '1D' as const }), [today]);
  const fao = useDataQuery('get_fao_eod', params, { staleTime: EOD_STALE_MS });
  const cash = useDataQuery('get_cash_market_eod', params, { staleTime: EOD_STALE_MS });
  const sessions = useMemo(() => eodSessions(fao.data?.data ?? []), [fao.data]);
  const [chosenDate, setChosenDate] = useState<IsoDate | null>(null);
  const date = chosenDate !== null && sessions.includes(chosenDate) ? chosenDate : (sessions.at(-1) ?? null);
  const rollover = useDataQuery('rollover', date === null ? null : { date }, { staleTime: EOD_STALE_MS });
  const [chipId, setChipId] = useState<EodChipId | null>(null);
  const [filters, setFilters] = useState<ColumnFilterTexts>({});

  const rows = useMemo(
    () =>
      date === null || fao.data === undefined || cash.data === undefined
        ? []
        : eodAnalysisRows(fao.data.data, cash.data.data, rollover.data?.data, date),
    [fao.data, cash.data, rollover.data, date],
  );
  const chip = EOD_CHIPS.find((entry) => entry.id === chipId) ?? null;
  const shown = useMemo(() => (chip === null ? rows : applyEodChip(rows, chip)), [rows, chip]);
  const pending = fao.isPending || cash.isPending || (date !== null && rollover.isPending);
  const failed = fao.isError || cash.isError || rollover.isError;

  return (
    <section
      className="futures-eod-analysis d-flex flex-column gap-2 py-2"
      aria-labelledby="futures-eod-analysis-heading"
    >
      <DatasetHeader
        id="futures-eod-analysis-heading"
        title="Futures EOD Analysis"
        asOf={date === null ? null : formatSessionDate(date)}
      >
        <Form.Group controlId="futures-eod-analysis-date">
          <Form.Label className="small mb-0">Date</Form.Label>
          <Form.Select
            size="sm"
            value={date ?? ''}
            disabled={sessions.length === 0}
            onChange={(event) => setChosenDate(event.target.value)}
          >
            {[...sessions].reverse().map((session) => (
              <option key={session} value={session}>
                {formatSessionDate(session)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </DatasetHeader>
      <div className="d-flex flex-wrap gap-1" role="group" aria-label="Chips">
        <Button
          size="sm"
          variant={chip === null ? 'dark' : 'outline-secondary'}
          aria-pressed={chip === null}
          onClick={() => setChipId(null)}
        >
          All
        </Button>
        {EOD_CHIPS.map((entry) => (
          <Button
            key={entry.id}
            size="sm"
            variant={chipId === entry.id ? 'dark' : 'outline-secondary'}
            aria-pressed={chipId === entry.id}
            title={entry.rule}
            onClick={() => setChipId(entry.id)}
          >
            {entry.label}
          </Button>
        ))}
      </div>
      <DatasetStatus
        subject="futures end-of-day data"
        pending={pending}
        error={failed}
        empty={rows.length === 0}
        onRetry={() => {
          void fao.refetch();
          void cash.refetch();
          void rollover.refetch();
        }}
      >
        <p className="small text-body-secondary mb-0" data-testid="futures-eod-analysis-rule">
          {chip === null
            ? 'Futures are the near-month contracts; volumes and delivery are the spot market’s (indices trade none).'
            : chip.rule}
        </p>
        <DataTable
          // A chip orders the rows itself; a new chip starts the table's own sorting afresh.
          key={chipId ?? 'all'}
          columns={columns}
          rows={shown}
          rowId={(row) => row.symbol}
          rowAttributes={(row) => ({ 'data-symbol': row.symbol })}
          caption="Futures end-of-day analysis"
          testId="futures-eod-analysis-table"
          filters={filters}
          onFiltersChange={setFilters}
          stickyColumnId="symbol"
          columnChooser
          csvFileName={`futures-eod-analysis-${date ?? today}.csv`}
          emptyText="No underlying matches this chip."
        />
      </DatasetStatus>
    </section>
  );
}
