import { formatIndianNumber, istDateOf } from '@fnodesk/domain';
import { useMemo } from 'react';
import { Badge, Button, Spinner } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { categoryLinesOption, strikeLabel } from '../../../components/charts/echart-options';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { ChainSnapshotBody, ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import { LEG_COLOURS } from '../../../components/market/leg-colours';
import { formatIstDate } from '../../../lib/format-ist';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useVolatilityData } from '../hooks/use-volatility-data';
import { ivStats, skew25, smileRows, termRows, termShape, type SmileRow } from '../utils/volatility-figures';

const SMILE_COLOUR = '#6f42c1';
const VIX_COLOUR = '#fd7e14';
const percent = (value: number) => `${formatIndianNumber(value, 2)}%`;

function ivColumn(id: 'ceIv' | 'smileIv' | 'peIv', header: string): DataTableColumn<SmileRow> {
  return {
    id,
    header,
    label: header,
    filter: 'numeric',
    value: (row) => row[id],
    cell: (row) => (row[id] === null ? '–' : formatIndianNumber(row[id], 2)),
  };
}

function deltaColumn(id: 'ceDelta' | 'peDelta', header: string): DataTableColumn<SmileRow> {
  return {
    id,
    header,
    label: header,
    filter: 'numeric',
    value: (row) => row[id],
    cell: (row) => (row[id] === null ? '–' : formatIndianNumber(row[id], 2)),
  };
}

const COLUMNS: DataTableColumn<SmileRow>[] = [
  deltaColumn('ceDelta', 'CE Delta'),
  ivColumn('ceIv', 'CE IV'),
  {
    id: 'strike',
    header: 'Strike',
    label: 'Strike',
    filter: 'numeric',
    rowHeader: true,
    value: (row) => row.strike,
    cell: (row) => strikeLabel(row.strike),
  },
  ivColumn('smileIv', 'Smile IV'),
  ivColumn('peIv', 'PE IV'),
  deltaColumn('peDelta', 'PE Delta'),
];

const SHAPE_TEXT = {
  contango: { label: 'Contango (far expiries dearer)', tone: 'success' },
  backwardation: { label: 'Backwardation (near expiry dearer)', tone: 'danger' },
  flat: { label: 'Flat term structure', tone: 'secondary' },
} as const;

/** Day and month of an ISO date, e.g. 23-Nov. */
const shortDate = (date: string) => formatIstDate(`${date}T12:00:00+05:30`).slice(0, 6);

/**
 * /pages/volatality-analysis: the IV smile of the chosen expiry (one IV per strike from its out-of-the-money leg,
 * the put skew visible), the year's daily ATM IV against India VIX, the term structure across expiries with the
 * forward volatility between them, and cards of ATM IV, IV rank and percentile, historical volatility, IV − HV and
 * the 25-delta skew.
 */
export function VolatilityAnalysisScreen({ theme, ...options }: SnapshotScreenProps) {
  const snapshot = useChainSnapshot({ storageKey: 'volatality-analysis', ...options });
  const { chain } = snapshot;
  const { history, term, vix } = useVolatilityData(snapshot);
  const rows = useMemo(() => (chain === undefined ? [] : smileRows(chain)), [chain]);
  const termAnswer = term.data?.data;
  const historyAnswer = history.data?.data;
  // Today's ATM IV on the same footing as the history: the nearest expiry at least two days away.
  const atmIv = termAnswer?.points.find((point) => point.daysToExpiry >= 2)?.iv ?? null;
  const stats = useMemo(
    () => (historyAnswer === undefined ? null : ivStats(historyAnswer, atmIv)),
    [historyAnswer, atmIv],
  );
  const skew = useMemo(() => skew25(rows), [rows]);

  const charts = useMemo(() => {
    const smile = categoryLinesOption({
      categories: rows.map((row) => strikeLabel(row.strike)),
      series: [
        { name: 'Smile (OTM leg)', values: rows.map((row) => row.smileIv), colour: SMILE_COLOUR },
        { name: 'CE IV', values: rows.map((row) => row.ceIv), colour: LEG_COLOURS.ce, dashed: true },
        { name: 'PE IV', values: rows.map((row) => row.peIv), colour: LEG_COLOURS.pe, dashed: true },
      ],
      theme,
      formatLeft: percent,
      scale: true,
    });
    const vixByDate = new Map((vix.data?.data[0]?.candles ?? []).map((candle) => [istDateOf(candle.t), candle.c]));
    const days = historyAnswer?.points ?? [];
    const overTime = categoryLinesOption({
      categories: days.map((point) => shortDate(point.date)),
      series: [
        { name: 'ATM IV', values: days.map((point) => point.iv), colour: SMILE_COLOUR },
        { name: 'India VIX', values: days.map((point) => vixByDate.get(point.date) ?? null), colour: VIX_COLOUR },
      ],
      theme,
      formatLeft: percent,
      scale: true,
    });
    const expiries = termAnswer === undefined ? [] : termRows(termAnswer);
    const structure = categoryLinesOption({
      categories: expiries.map((row) => `${shortDate(row.expiry)} (${Math.round(row.daysToExpiry)}d)`),
      series: [
        { name: 'ATM IV', values: expiries.map((row) => row.iv), colour: SMILE_COLOUR },
        { name: 'Forward IV', values: expiries.map((row) => row.forwardIv), colour: '#20c997', type: 'bar' },
      ],
      theme,
      formatLeft: percent,
      scale: true,
    });
    return { smile, overTime, structure };
  }, [rows, vix.data, historyAnswer, termAnswer, theme]);

  const shape = termAnswer === undefined ? null : SHAPE_TEXT[termShape(termAnswer)];
  const failed = (history.isError && historyAnswer === undefined) || (term.isError && termAnswer === undefined);
  const hv20 = stats?.hv20 ?? null;

  return (
    <div className="volatility-analysis d-flex flex-column gap-2">
      <ChainSnapshotHeader snapshot={snapshot} title="Volatility Analysis" idPrefix="vol" legs={false} />
      <ChainSnapshotBody
        snapshot={snapshot}
        what="the volatility figures"
        table={{ columns: COLUMNS, rows, page: 'volatality-analysis', subject: 'implied volatility' }}
        summary={[
          { label: 'ATM IV %', value: atmIv, format: 'ratio', testId: 'atm-iv' },
          { label: 'IV rank', value: stats?.ivRank ?? null, format: 'ratio', testId: 'iv-rank' },
          { label: 'IV percentile', value: stats?.ivPercentile ?? null, format: 'ratio', testId: 'iv-percentile' },
          { label: 'HV 10 %', value: stats?.hv10 ?? null, format: 'ratio' },
          { label: 'HV 20 %', value: hv20, format: 'ratio', testId: 'hv20' },
          { label: 'HV 30 %', value: stats?.hv30 ?? null, format: 'ratio' },
          {
            label: 'IV − HV 20',
            value: atmIv === null || hv20 === null ? null : atmIv - hv20,
            format: 'ratio',
            signed: true,
          },
          { label: '25Δ skew (pts)', value: skew, format: 'ratio', signed: true, testId: 'skew-25' },
        ]}
      >
        <p className="small text-body-secondary mb-0">
          One IV per strike from its out-of-the-money leg against the forward. IV rank = (IV − year’s low) ÷ (high −
          low); IV percentile = share of the year’s sessions with a lower ATM IV (nearest expiry at least two days away,
          at each close). HV = standard deviation of daily log returns × √252.
        </p>
        {shape !== null && (
          <div>
            <Badge bg={shape.tone} data-testid="term-shape">
              {shape.label}
            </Badge>
          </div>
        )}
        {failed ? (
          <div className="text-center text-body-secondary py-4 border rounded">
            <p className="mb-2">The volatility history could not be loaded.</p>
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() => {
                void history.refetch();
                void term.refetch();
              }}
            >
              Try again
            </Button>
          </div>
        ) : historyAnswer === undefined || termAnswer === undefined ? (
          <div className="text-center py-4 border rounded">
            <Spinner animation="border" role="status" aria-label="Loading the volatility history" />
          </div>
        ) : null}
        <div className="row g-2">
          <ChartPanel
            className="col-12 col-xl-4"
            title="IV smile"
            option={charts.smile}
            theme={theme}
            ariaLabel="Implied volatility by strike: the out-of-the-money leg's, and each leg's"
            height={300}
          />
          <ChartPanel
            className="col-12 col-xl-4"
            title="ATM IV vs India VIX"
            option={charts.overTime}
            theme={theme}
            ariaLabel="Daily ATM implied volatility over the year against India VIX"
            height={300}
          />
          <ChartPanel
            className="col-12 col-xl-4"
            title="Term structure"
            option={charts.structure}
            theme={theme}
            ariaLabel="ATM implied volatility of each expiry and the forward volatility between them"
            height={300}
          />
        </div>
      </ChainSnapshotBody>
    </div>
  );
}
