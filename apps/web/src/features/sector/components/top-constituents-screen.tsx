import { formatIndianNumber } from '@fnodesk/domain';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { categorySeriesOption } from '../../../components/charts/series-options';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { numberColumn, signedToneClass, textColumn } from '../../../components/data-table/number-columns';
import { ChartDataStatus } from '../../../components/market/chart-data-status';
import { DatasetStatus } from '../../../components/market/dataset-status';
import { ChoiceButtons } from '../../../components/market/page-header';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useIndexCandles, useIndexSectors } from '../hooks/use-index-sectors';
import { indexContribution, type ContributionRow } from '../utils/index-contribution';
import { indexLineOption } from '../utils/sector-charts';

const COLUMNS: DataTableColumn<ContributionRow>[] = [
  textColumn<ContributionRow>({ id: 'symbol', header: 'Symbol', value: (row) => row.symbol, rowHeader: true }),
  textColumn<ContributionRow>({ id: 'sector', header: 'Sector', value: (row) => row.sector }),
  numberColumn<ContributionRow>({ id: 'weight', header: 'Weight %', value: (row) => row.weight }),
  numberColumn<ContributionRow>({
    id: 'changePercent',
    header: '%',
    label: 'CHG %',
    value: (row) => row.changePercent,
    signed: true,
  }),
  numberColumn<ContributionRow>({ id: 'points', header: 'Points', value: (row) => row.points, signed: true }),
  numberColumn<ContributionRow>({
    id: 'runningPoints',
    header: 'Running Sum',
    label: 'Running Sum (points)',
    value: (row) => row.runningPoints,
    signed: true,
  }),
];

const RESOLUTIONS = ['1m', '5m', '15m'] as const;
const PERIODS = ['1D', '2D', '5D'] as const;
const COUNTS = ['5', '10', '20', 'All'] as const;
const STORAGE_INDEX = 'NIFTY 50';

const points = (value: number | null) =>
  value === null ? '–' : `${value > 0 ? '+' : ''}${formatIndianNumber(value, 2)}`;

/**
 * /pages/top-constituents (Index Top 10): an index's chart and its heaviest constituents with the index points each
 * contributed today (weight × move × the index's previous close), their running sum, the rest of the index and
 * the index's own change; any index, any N. Live in the live tier, refreshed on the minute otherwise.
 */
export function TopConstituentsScreen({ theme, ...settings }: SnapshotScreenProps) {
  const [indexName, setIndexName] = useState(STORAGE_INDEX);
  const [count, setCount] = useState<(typeof COUNTS)[number]>('10');
  const [resolution, setResolution] = useState<(typeof RESOLUTIONS)[number]>('5m');
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('2D');
  const [showChart, setShowChart] = useState(true);
  const [liveTokens, setLiveTokens] = useState<readonly number[]>([]);
  const { query, page, indices } = useIndexSectors(liveTokens, settings);
  const index = indices.find((entry) => entry.index === indexName) ?? indices[0];
  const candles = useIndexCandles(showChart ? (index?.token ?? null) : null, resolution, period, page.now);
  const contribution =
    index === undefined ? null : indexContribution(index, count === 'All' ? Infinity : Number(count));
  const wanted = index === undefined ? [] : [index.token, ...index.constituents.map((member) => member.token)];
  if (wanted.length > 0 && wanted.join(',') !== liveTokens.join(',')) setLiveTokens(wanted);

  const bars =
    contribution === null
      ? null
      : categorySeriesOption({
          categories: [...contribution.rows.map((row) => row.symbol), 'Others'],
          series: [
            {
              name: 'Points',
              kind: 'bar',
              values: [...contribution.rows.map((row) => row.points), contribution.otherPoints],
              colour: '#0d6efd',
            },
            {
              name: 'Running Sum',
              kind: 'line',
              values: [...contribution.rows.map((row) => row.runningPoints), contribution.totalPoints],
              colour: '#fd7e14',
            },
          ],
          theme,
          formatValue: (value) => formatIndianNumber(value, 1),
        });

  return (
    <section className="top-constituents d-flex flex-column gap-3 py-2" aria-labelledby="top-constituents-heading">
      <div className="d-flex flex-wrap align-items-end gap-3">
        <h1 id="top-constituents-heading" className="h4 fw-bold mb-0 me-auto">
          Index Top 10
        </h1>
        <Form.Group controlId="top-constituents-index">
          <Form.Label className="small mb-0">Index</Form.Label>
          <Form.Select
            size="sm"
            value={index?.index ?? indexName}
            onChange={(event) => setIndexName(event.target.value)}
          >
            {indices.map((entry) => (
              <option key={entry.index} value={entry.index}>
                {entry.index}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <ChoiceButtons
          id="top-constituents-count"
          label="Stocks"
          choice={{ options: COUNTS, value: count, onChange: setCount }}
        />
        <ChoiceButtons
          id="top-constituents-resolution"
          label="Resolution"
          choice={{ options: RESOLUTIONS, value: resolution, onChange: setResolution }}
        />
        <ChoiceButtons
          id="top-constituents-period"
          label="Period"
          choice={{ options: PERIODS, value: period, onChange: setPeriod }}
        />
        <Form.Check
          type="switch"
          id="top-constituents-hide-chart"
          label="Hide Index Chart"
          checked={!showChart}
          onChange={(event) => setShowChart(!event.target.checked)}
        />
      </div>
      <ChartDataStatus page={page} countdownTestId="page-countdown" />
      <DatasetStatus
        subject="index constituents"
        pending={query.isPending}
        error={query.isError}
        empty={index === undefined}
        onRetry={() => void query.refetch()}
      >
        {index !== undefined && contribution !== null && (
          <>
            {showChart && (
              <ChartPanel
                title={`${index.index} (${resolution}, ${period})`}
                option={indexLineOption(index.index, candles.data?.data[0]?.candles ?? [], theme)}
                theme={theme}
                ariaLabel={`${index.index} per ${resolution} candle over ${period}`}
                height={280}
              />
            )}
            <dl className="d-flex flex-wrap gap-3 mb-0 small" data-testid="contribution-summary">
              <div>
                <dt className="fw-normal text-body-secondary">Index change</dt>
                <dd
                  className={`mb-0 fw-semibold font-monospace ${signedToneClass(contribution.move.change)}`}
                  data-testid="index-change"
                >
                  {points(contribution.move.change)}
                </dd>
              </div>
              <div>
                <dt className="fw-normal text-body-secondary">Top {contribution.rows.length} points</dt>
                <dd
                  className={`mb-0 fw-semibold font-monospace ${signedToneClass(contribution.shownPoints)}`}
                  data-testid="shown-points"
                >
                  {points(contribution.shownPoints)}
                </dd>
              </div>
              <div>
                <dt className="fw-normal text-body-secondary">Rest of the index</dt>
                <dd className={`mb-0 fw-semibold font-monospace ${signedToneClass(contribution.otherPoints)}`}>
                  {points(contribution.otherPoints)}
                </dd>
              </div>
              <div>
                <dt className="fw-normal text-body-secondary">Σ all stocks</dt>
                <dd className={`mb-0 fw-semibold font-monospace ${signedToneClass(contribution.totalPoints)}`}>
                  {points(contribution.totalPoints)}
                </dd>
              </div>
            </dl>
            <div className="row g-3">
              <div className="col-12 col-xl-7">
                <DataTable
                  columns={COLUMNS}
                  rows={contribution.rows}
                  rowId={(row) => row.symbol}
                  caption={`${index.index} heaviest constituents and the points they contributed`}
                  testId="contribution-table"
                  stickyColumnId="symbol"
                  csvFileName={`${index.index}-contribution.csv`}
                  rowAttributes={(row) => ({ 'data-symbol': row.symbol })}
                />
              </div>
              {bars !== null && (
                <ChartPanel
                  className="col-12 col-xl-5"
                  title="Points contributed"
                  option={bars}
                  theme={theme}
                  ariaLabel={`Index points contributed by each of the top ${contribution.rows.length} stocks and the rest`}
                  height={300}
                />
              )}
            </div>
          </>
        )}
      </DatasetStatus>
    </section>
  );
}
