import { formatIndianNumber, formatIstClockTime } from '@fnodesk/domain';
import { useMemo } from 'react';
import { Badge, Button, Spinner } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { categoryLinesOption, strikeBarsOption, strikeLabel } from '../../../components/charts/echart-options';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { ChainSnapshotBody, ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import { LEG_COLOURS } from '../../../components/market/leg-colours';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useGammaExposure } from '../hooks/use-gamma-exposure';
import { flipStrike, formatGex, gexRows, type GexRow } from '../utils/gex-rows';

const NET_COLOUR = '#6f42c1';
const FLIP_COLOUR = '#fd7e14';
const MAX_PAIN_COLOUR = '#6c757d';

const quantity = (value: number | null) => (value === null ? '–' : formatIndianNumber(value, 0));
const signedTone = (value: number) => (value === 0 ? '' : value > 0 ? 'text-success' : 'text-danger');

function gexColumn(id: 'callGex' | 'putGex' | 'netGex', header: string): DataTableColumn<GexRow> {
  return {
    id,
    header,
    label: header,
    filter: 'numeric',
    value: (row) => row[id],
    cell: (row) => formatGex(row[id]),
    cellClassName: (row) => signedTone(row[id]),
  };
}

const COLUMNS: DataTableColumn<GexRow>[] = [
  {
    id: 'ceOi',
    header: 'CE OI',
    label: 'CE OI',
    filter: 'numeric',
    value: (row) => row.ceOi,
    cell: (row) => quantity(row.ceOi),
  },
  gexColumn('callGex', 'Call GEX'),
  {
    id: 'strike',
    header: 'Strike',
    label: 'Strike',
    filter: 'numeric',
    rowHeader: true,
    value: (row) => row.strike,
    cell: (row) => strikeLabel(row.strike),
  },
  gexColumn('netGex', 'Net GEX'),
  gexColumn('putGex', 'Put GEX'),
  {
    id: 'peOi',
    header: 'PE OI',
    label: 'PE OI',
    filter: 'numeric',
    value: (row) => row.peOi,
    cell: (row) => quantity(row.peOi),
  },
];

const REGIME_TEXT = {
  range: { label: 'Range-bound (GEX > 0)', tone: 'success' },
  trend: { label: 'Trending (GEX < 0)', tone: 'danger' },
  neutral: { label: 'Neutral', tone: 'secondary' },
} as const;

/**
 * /pages/market-maker-analysis: dealer gamma exposure (pages brief G4). GEX by strike (call, put and net) with the
 * call and put walls, the zero-gamma flip and max pain marked; net GEX and the flip through the session against
 * spot; the regime it implies; and the figures by strike as a table. The sign convention is stated on the page.
 */
export function MarketMakerAnalysisScreen({ theme, ...options }: SnapshotScreenProps) {
  const snapshot = useChainSnapshot({ storageKey: 'market-maker-analysis', ...options });
  const gexQuery = useGammaExposure(snapshot);
  const gex = gexQuery.data?.data;
  const rows = useMemo(
    () => (gex === undefined ? [] : gexRows(gex, snapshot.choices.strikes)),
    [gex, snapshot.choices.strikes],
  );

  const charts = useMemo(() => {
    if (gex === undefined) return null;
    const strikes = rows.map((row) => row.strike);
    const flipAt = flipStrike(strikes, gex.flip);
    const inView = (strike: number | null) => strike !== null && strikes.includes(strike);
    const marks = [
      ...(inView(gex.callWall) ? [{ strike: gex.callWall!, label: 'Call wall', colour: LEG_COLOURS.ce }] : []),
      ...(inView(gex.putWall) ? [{ strike: gex.putWall!, label: 'Put wall', colour: LEG_COLOURS.pe }] : []),
      ...(flipAt !== null && gex.flip !== null
        ? [{ strike: flipAt, label: `Flip ${formatIndianNumber(gex.flip, 0)}`, colour: FLIP_COLOUR }]
        : []),
      ...(inView(gex.maxPainStrike)
        ? [{ strike: gex.maxPainStrike!, label: 'Max pain', colour: MAX_PAIN_COLOUR }]
        : []),
    ];
    return {
      byStrike: strikeBarsOption({
        strikes,
        series: [
          { name: 'Call GEX', values: rows.map((row) => row.callGex), colour: LEG_COLOURS.ce, stack: 'gex' },
          { name: 'Put GEX', values: rows.map((row) => row.putGex), colour: LEG_COLOURS.pe, stack: 'gex' },
          { name: 'Net GEX', values: rows.map((row) => row.netGex), colour: NET_COLOUR },
        ],
        atmStrike: gex.atmStrike,
        marks,
        theme,
        formatValue: formatGex,
      }),
      day: categoryLinesOption({
        categories: gex.history.map((point) => formatIstClockTime(point.t).slice(0, -3)),
        series: [
          { name: 'Net GEX', values: gex.history.map((point) => point.netGex), colour: NET_COLOUR, type: 'bar' },
          { name: 'Spot', values: gex.history.map((point) => point.spot), colour: '#0dcaf0', axis: 'right' },
          {
            name: 'Flip',
            values: gex.history.map((point) => point.flip),
            colour: FLIP_COLOUR,
            axis: 'right',
            dashed: true,
          },
        ],
        theme,
        formatLeft: formatGex,
        formatRight: (value) => formatIndianNumber(value, 0),
        scale: true,
      }),
    };
  }, [gex, rows, theme]);

  const regime = gex === undefined ? null : REGIME_TEXT[gex.regime];

  return (
    <div className="market-maker-analysis d-flex flex-column gap-2">
      <ChainSnapshotHeader snapshot={snapshot} title="Market Maker Analysis" idPrefix="mma" legs={false} />
      <ChainSnapshotBody
        snapshot={snapshot}
        what="the dealer gamma exposure"
        table={{ columns: COLUMNS, rows, page: 'market-maker-analysis', subject: 'gamma exposure' }}
        summary={
          gex === undefined
            ? []
            : [
                { label: 'Net GEX', value: gex.netGex / 1e7, format: 'ratio', signed: true, testId: 'net-gex' },
                { label: 'Call GEX', value: gex.callGex / 1e7, format: 'ratio', testId: 'call-gex' },
                { label: 'Put GEX', value: gex.putGex / 1e7, format: 'ratio', testId: 'put-gex' },
                { label: 'Zero-gamma flip', value: gex.flip, format: 'price', testId: 'gex-flip' },
                { label: 'Call wall', value: gex.callWall, format: 'price', testId: 'call-wall' },
                { label: 'Put wall', value: gex.putWall, format: 'price', testId: 'put-wall' },
                { label: 'Max pain', value: gex.maxPainStrike, format: 'price' },
              ]
        }
      >
        <p className="small text-body-secondary mb-0" data-testid="gex-convention">
          GEX = γ × OI × S² × 1 % in ₹ per 1 % move (cards in ₹ Cr). Sign convention: dealers are long calls (+) and
          short puts (−). Net GEX above zero: dealers sell rallies and buy dips, so moves tend to be damped; below zero
          they chase the move. The flip is the spot level where net GEX, recomputed there, crosses zero.
        </p>
        {regime !== null && (
          <div>
            <Badge bg={regime.tone} data-testid="gex-regime">
              {regime.label}
            </Badge>
          </div>
        )}
        {gexQuery.isError && gex === undefined ? (
          <div className="text-center text-body-secondary py-4 border rounded">
            <p className="mb-2">The gamma exposure could not be loaded.</p>
            <Button size="sm" variant="outline-primary" onClick={() => void gexQuery.refetch()}>
              Try again
            </Button>
          </div>
        ) : charts === null ? (
          <div className="text-center py-4 border rounded">
            <Spinner animation="border" role="status" aria-label="Loading the gamma exposure" />
          </div>
        ) : (
          <div className="row g-2">
            <ChartPanel
              className="col-12 col-xl-7"
              title="GEX by strike"
              option={charts.byStrike}
              theme={theme}
              ariaLabel="Call, put and net gamma exposure by strike with the walls and the flip"
              height={320}
            />
            <ChartPanel
              className="col-12 col-xl-5"
              title="Net GEX over the day"
              option={charts.day}
              theme={theme}
              ariaLabel="Net gamma exposure every quarter hour with spot and the flip level"
              height={320}
            />
          </div>
        )}
      </ChainSnapshotBody>
    </div>
  );
}
