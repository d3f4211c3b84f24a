import { formatIndianNumber, formatIstDateTime } from '@fnodesk/domain';
import { useMemo } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { ChartDataStatus } from '../../../components/market/chart-data-status';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { useDataQuery } from '../../../lib/use-data-query';
import { straddlePriceRows, type StraddlePriceRow } from '../utils/straddle-prices';

const NO_PARAMS = {};

const number = (
  id: string,
  label: string,
  pick: (row: StraddlePriceRow) => number | null,
  digits = 2,
): DataTableColumn<StraddlePriceRow> => ({
  id,
  header: label,
  label,
  filter: 'numeric',
  value: (row) => {
    const value = pick(row);
    return value === null ? null : Math.round(value * 100) / 100;
  },
  cell: (row) => {
    const value = pick(row);
    return value === null ? '–' : formatIndianNumber(value, digits);
  },
});

const COLUMNS: readonly DataTableColumn<StraddlePriceRow>[] = [
  {
    id: 'symbol',
    header: 'INSTRUMENT',
    label: 'Instrument',
    filter: 'text',
    rowHeader: true,
    value: (row) => row.symbol,
  },
  { id: 'expiry', header: 'EXPIRY', label: 'Expiry', value: (row) => row.expiry },
  number('spot', 'UNDERLYING LTP', (row) => row.spot),
  number('strike', 'STRIKE', (row) => row.strike),
  number('straddle', 'STRADDLE LTP', (row) => row.straddle),
  number('percent', 'STRADDLE %', (row) => row.percentOfSpot),
  number('ce', 'CALL LTP', (row) => row.ce),
  number('pe', 'PUT LTP', (row) => row.pe),
  number('lot', 'LOT', (row) => row.lot, 0),
  number('perLot', '₹ PER LOT', (row) => row.perLot, 0),
];

/**
 * /pages/rolling-atm-straddle (pages brief G6): every F&O stock's near-month ATM straddle, the move it prices in
 * (straddle ÷ spot × 100), its legs, lot and cost per lot, refreshed for the user's tier.
 */
export function StraddlePricesScreen({ theme: _theme, ...settings }: SnapshotScreenProps) {
  const query = useDataQuery('stock_atm_straddle', NO_PARAMS, { staleTime: Infinity });
  const answer = query.data;
  const rows = useMemo(() => (answer === undefined ? [] : straddlePriceRows(answer.data.rows)), [answer]);
  const refetch = query.refetch;
  const page = useMarketDataPage({
    exchange: 'NFO',
    served: answer,
    servedUntil: answer?.data.at,
    dataAt: answer?.data.at,
    tokens: [],
    ticks: 'none',
    refresh: () => void refetch(),
    refreshWhenLive: true,
    ...settings,
  });
  return (
    <div className="rolling-atm-straddle d-flex flex-column gap-2">
      <h1 className="visually-hidden">ATM Straddle Prices</h1>
      <ChartDataStatus page={page} countdownTestId="rolling-atm-straddle-countdown" />
      {answer !== undefined && (
        <p className="small text-body-secondary mb-0" data-testid="rolling-atm-straddle-at">
          As of {formatIstDateTime(answer.data.at)}
        </p>
      )}
      {answer !== undefined ? (
        <DataTable
          columns={COLUMNS}
          rows={rows}
          rowId={(row) => row.symbol}
          rowAttributes={(row) => ({ 'data-symbol': row.symbol })}
          caption="F&O stocks' ATM straddles"
          testId="rolling-atm-straddle-table"
          stickyColumnId="symbol"
          columnChooser
          csvFileName="atm-straddle-prices.csv"
          emptyText="No stock straddles for this session."
        />
      ) : query.isError ? (
        <div className="text-center py-5 border rounded">
          <p className="mb-2">The straddle prices could not be loaded.</p>
          <Button size="sm" variant="outline-primary" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="text-center py-5 border rounded">
          <Spinner animation="border" role="status" aria-label="Loading the straddle prices" />
        </div>
      )}
    </div>
  );
}
