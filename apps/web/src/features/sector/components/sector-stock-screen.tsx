import { formatIndianNumber } from '@fnodesk/domain';
import { Fragment, useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { numberColumn, signedToneClass, textColumn } from '../../../components/data-table/number-columns';
import { ChartDataStatus } from '../../../components/market/chart-data-status';
import { DatasetStatus } from '../../../components/market/dataset-status';
import { ChoiceButtons } from '../../../components/market/page-header';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useIndexCandles, useIndexSectors } from '../hooks/use-index-sectors';
import { averageMove, indexMove, type Constituent, type IndexComposition } from '../utils/index-contribution';
import { constituentTreemapOption, indexLineOption } from '../utils/sector-charts';

const CONSTITUENT_COLUMNS: DataTableColumn<Constituent>[] = [
  textColumn<Constituent>({ id: 'symbol', header: 'Symbol', value: (row) => row.symbol, rowHeader: true }),
  textColumn<Constituent>({ id: 'sector', header: 'Sector', value: (row) => row.sector }),
  numberColumn<Constituent>({ id: 'weight', header: 'Weight %', value: (row) => row.weight }),
  numberColumn<Constituent>({ id: 'changePercent', header: 'CHG %', value: (row) => row.changePercent, signed: true }),
];

const RESOLUTIONS = ['5m', '15m', '30m'] as const;
const PERIODS = ['1D', '2D', '5D'] as const;

const signed = (value: number | null, digits = 2) =>
  value === null ? '–' : `${value > 0 ? '+' : ''}${formatIndianNumber(value, digits)}`;

function SectorRow({
  index,
  open,
  selected,
  onToggle,
  onSelect,
}: {
  index: IndexComposition;
  open: boolean;
  selected: boolean;
  onToggle: () => void;
  onSelect: () => void;
}) {
  const move = indexMove(index);
  const average = averageMove(index);
  return (
    <tr data-index={index.index} className={selected ? 'table-active' : undefined}>
      <td className="text-center">
        <Button
          size="sm"
          variant="outline-secondary"
          className="py-0 px-2"
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Show'} the constituents of ${index.index}`}
          onClick={onToggle}
        >
          {open ? '−' : '+'}
        </Button>
      </td>
      <th scope="row">
        <Button
          variant="link"
          size="sm"
          className="p-0 text-start fw-semibold"
          onClick={onSelect}
          aria-pressed={selected}
        >
          {index.index}
        </Button>
      </th>
      <td className="text-end font-monospace">{move.close === null ? '–' : formatIndianNumber(move.close, 2)}</td>
      <td className={`text-end font-monospace ${signedToneClass(move.change)}`}>{signed(move.change)}</td>
      <td
        className={`text-end font-monospace ${signedToneClass(move.changePercent)}`}
        data-testid="sector-change-percent"
      >
        {signed(move.changePercent)}
      </td>
      <td className={`text-end font-monospace ${signedToneClass(average)}`} data-testid="sector-average">
        {signed(average)}
      </td>
      <td className="text-end font-monospace">
        <span className="text-success">{index.advances}</span>/<span className="text-danger">{index.declines}</span>
      </td>
    </tr>
  );
}

/**
 * /pages/sector-stock: NSE sector indices with LTP, CHG and CHG %, the average move of their stocks and advances /
 * declines; "+" opens a sector's constituents; the chosen sector's chart and a treemap of its stocks (area =
 * weight, colour = the day's move). Live moves in the live tier, refreshed on the minute otherwise.
 */
export function SectorStockScreen({ theme, ...settings }: SnapshotScreenProps) {
  const [selectedName, setSelectedName] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [resolution, setResolution] = useState<(typeof RESOLUTIONS)[number]>('15m');
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('2D');
  const [liveTokens, setLiveTokens] = useState<readonly number[]>([]);
  const { query, page, indices } = useIndexSectors(liveTokens, settings);
  const selected = indices.find((index) => index.index === selectedName) ?? indices[0];
  const candles = useIndexCandles(selected?.token ?? null, resolution, period, page.now);
  // Live prices for the sector indices and the chosen sector's stocks.
  const wanted = [
    ...indices.map((index) => index.token),
    ...(selected?.constituents.map((member) => member.token) ?? []),
  ];
  if (wanted.length > 0 && wanted.join(',') !== liveTokens.join(',')) setLiveTokens(wanted);

  const toggle = (name: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(name)) next.add(name);
      return next;
    });

  return (
    <section className="sector-stock d-flex flex-column gap-3 py-2" aria-labelledby="sector-stock-heading">
      <div className="d-flex flex-wrap align-items-end gap-3">
        <h1 id="sector-stock-heading" className="h4 fw-bold mb-0 me-auto">
          NSE Sector &amp; Constituents
        </h1>
        <ChoiceButtons
          id="sector-resolution"
          label="Resolution"
          choice={{ options: RESOLUTIONS, value: resolution, onChange: setResolution }}
        />
        <ChoiceButtons
          id="sector-period"
          label="Period"
          choice={{ options: PERIODS, value: period, onChange: setPeriod }}
        />
      </div>
      <ChartDataStatus page={page} countdownTestId="page-countdown" />
      <DatasetStatus
        subject="sector indices"
        pending={query.isPending}
        error={query.isError}
        empty={indices.length === 0}
        onRetry={() => void query.refetch()}
      >
        <div className="row g-3">
          <div className="col-12 col-xl-6">
            <div className="table-responsive border rounded">
              <Table size="sm" hover className="mb-0 align-middle" data-testid="sector-table">
                <caption className="visually-hidden">Sector indices and their constituents</caption>
                <thead>
                  <tr>
                    <th scope="col" className="text-center">
                      <span className="visually-hidden">Constituents</span>
                    </th>
                    <th scope="col">Index</th>
                    <th scope="col" className="text-end">
                      LTP
                    </th>
                    <th scope="col" className="text-end">
                      CHG
                    </th>
                    <th scope="col" className="text-end">
                      CHG %
                    </th>
                    <th scope="col" className="text-end" title="The plain average of its stocks' moves">
                      Avg %
                    </th>
                    <th scope="col" className="text-end">
                      Adv/Dec
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {indices.map((index) => (
                    <Fragment key={index.index}>
                      <SectorRow
                        index={index}
                        open={expanded.has(index.index)}
                        selected={index.index === selected?.index}
                        onToggle={() => toggle(index.index)}
                        onSelect={() => setSelectedName(index.index)}
                      />
                      {expanded.has(index.index) && (
                        <tr data-constituents-of={index.index}>
                          <td colSpan={7} className="p-1">
                            <DataTable
                              columns={CONSTITUENT_COLUMNS}
                              rows={index.constituents}
                              rowId={(row) => row.symbol}
                              caption={`${index.index} constituents`}
                              testId={`constituents-${index.token}`}
                              csvFileName={`${index.index}-constituents.csv`}
                              rowAttributes={(row) => ({ 'data-symbol': row.symbol })}
                            />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  ))}
                </tbody>
              </Table>
            </div>
          </div>
          {selected !== undefined && (
            <div className="col-12 col-xl-6 d-flex flex-column gap-3">
              <ChartPanel
                title={`Sector: ${selected.index}`}
                option={indexLineOption(selected.index, candles.data?.data[0]?.candles ?? [], theme)}
                theme={theme}
                ariaLabel={`${selected.index} per ${resolution} candle over ${period}`}
                height={260}
              />
              <ChartPanel
                title={`${selected.index}: stocks by weight and move`}
                option={constituentTreemapOption(selected, theme)}
                theme={theme}
                ariaLabel={`Treemap of ${selected.index} constituents, area by weight, colour by change`}
                height={320}
              />
            </div>
          )}
        </div>
      </DatasetStatus>
    </section>
  );
}
