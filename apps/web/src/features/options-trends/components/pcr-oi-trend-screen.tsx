import {
  abbreviateIndianNumber,
  formatIndianNumber,
  formatIstClockTime,
  optionsTrendRows,
  type Resolution,
} from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { categoryLinesOption, type CategorySeries } from '../../../components/charts/echart-options';
import { ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import { ChoiceButtons } from '../../../components/market/page-header';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useAggregatedOi } from '../hooks/use-aggregated-oi';

const ROUTE = 'open-interest-analysis';
const TITLE = 'PCR and OI Trend';
const RESOLUTIONS = ['3m', '5m', '15m', '30m'] as const satisfies readonly Resolution[];
const TOTAL_VIEWS = ['PE/CE', 'PCR', 'All'] as const;
const CHANGE_VIEWS = ['Put OI/Call OI', 'OI Trend', 'All'] as const;
const COLOURS = { ce: '#dc3545', pe: '#198754', pcr: '#fd7e14', trend: '#0d6efd' };

const signed = (value: number) => `${value > 0 ? '+' : ''}${abbreviateIndianNumber(value)}`;

/**
 * /pages/open-interest-analysis (pages brief G5): an expiry's total put and call OI with the PCR through the
 * session, and the change in put and call OI since the first candle with the OI trend (ΔPut − ΔCall), over every
 * listed strike or only ATM ± n (`get_aggregated_oi`).
 */
export function PcrOiTrendScreen({ theme, ...options }: SnapshotScreenProps) {
  const snapshot = useChainSnapshot({ storageKey: ROUTE, ...options });
  const [resolution, setResolution] = useState<(typeof RESOLUTIONS)[number]>('15m');
  const [strikesOnly, setStrikesOnly] = useState<'All strikes' | 'ATM ± n'>('All strikes');
  const [totalView, setTotalView] = useState<(typeof TOTAL_VIEWS)[number]>('All');
  const [changeView, setChangeView] = useState<(typeof CHANGE_VIEWS)[number]>('All');
  const around = strikesOnly === 'All strikes' ? null : Math.max(1, Math.floor((snapshot.choices.strikes - 1) / 2));
  const { sides, query } = useAggregatedOi(snapshot, resolution, around);
  const rows = useMemo(
    () => (sides === undefined ? null : optionsTrendRows({ ce: sides.ce, pe: sides.pe, spot: new Map() })),
    [sides],
  );
  const latest = rows?.at(-1);

  const charts = useMemo(() => {
    if (rows === null) return null;
    const categories = rows.map((row) => formatIstClockTime(row.t).slice(0, -3));
    const totals: CategorySeries[] = [
      ...(totalView !== 'PCR'
        ? [
            {
              name: 'PE OI',
              values: rows.map((r) => sides?.pe.get(r.t)?.oi ?? null),
              colour: COLOURS.pe,
              axis: 'right' as const,
            },
            {
              name: 'CE OI',
              values: rows.map((r) => sides?.ce.get(r.t)?.oi ?? null),
              colour: COLOURS.ce,
              axis: 'right' as const,
            },
          ]
        : []),
      ...(totalView !== 'PE/CE' ? [{ name: 'PCR', values: rows.map((r) => r.pcr), colour: COLOURS.pcr }] : []),
    ];
    const changes: CategorySeries[] = [
      ...(changeView !== 'OI Trend'
        ? [
            { name: 'Chg in Put OI', values: rows.map((r) => r.putOiChange), colour: COLOURS.pe, type: 'bar' as const },
            {
              name: 'Chg in Call OI',
              values: rows.map((r) => r.callOiChange),
              colour: COLOURS.ce,
              type: 'bar' as const,
            },
          ]
        : []),
      ...(changeView !== 'Put OI/Call OI'
        ? [{ name: 'OI Trend', values: rows.map((r) => r.oiDiff), colour: COLOURS.trend, axis: 'right' as const }]
        : []),
    ];
    return {
      totals: categoryLinesOption({
        categories,
        series: totals,
        theme,
        formatLeft: (v) => formatIndianNumber(v, 3),
        formatRight: (v) => `${formatIndianNumber(v / 1e5, 1)} L`,
        scale: true,
      }),
      changes: categoryLinesOption({
        categories,
        series: changes,
        theme,
        formatLeft: (v) => abbreviateIndianNumber(v),
        formatRight: (v) => abbreviateIndianNumber(v),
      }),
    };
  }, [rows, sides, totalView, changeView, theme]);

  const cards =
    latest === undefined
      ? []
      : [
          { label: 'Total CE OI', value: abbreviateIndianNumber(sides?.ce.get(latest.t)?.oi ?? 0), id: 'total-ce-oi' },
          { label: 'Total PE OI', value: abbreviateIndianNumber(sides?.pe.get(latest.t)?.oi ?? 0), id: 'total-pe-oi' },
          { label: 'PCR', value: latest.pcr === null ? '–' : formatIndianNumber(latest.pcr, 2), id: 'pcr-now' },
          { label: 'Chg in Call OI', value: signed(latest.callOiChange), id: 'call-oi-change' },
          { label: 'Chg in Put OI', value: signed(latest.putOiChange), id: 'put-oi-change' },
          { label: 'OI Trend', value: signed(latest.oiDiff), id: 'oi-trend' },
        ];

  const { state } = snapshot;
  return (
    <div className="pcr-oi-trend d-flex flex-column gap-2">
      <ChainSnapshotHeader snapshot={snapshot} title={TITLE} idPrefix={ROUTE} legs={false}>
        <ChoiceButtons
          id={`${ROUTE}-resolution`}
          label="Interval"
          choice={{ options: RESOLUTIONS, value: resolution, onChange: setResolution }}
        />
        <ChoiceButtons
          id={`${ROUTE}-strikes-only`}
          label="Sum over"
          choice={{ options: ['All strikes', 'ATM ± n'] as const, value: strikesOnly, onChange: setStrikesOnly }}
        />
      </ChainSnapshotHeader>
      {state !== 'ready' || (rows === null && !query.isError) ? (
        <div className="d-flex flex-column align-items-center text-body-secondary py-5 border rounded">
          {state === 'no-expiries' ? (
            <p className="mb-0">No option expiries are listed for {snapshot.choices.name}.</p>
          ) : state === 'error' || state === 'expiries-error' ? (
            <>
              <p className="mb-2">The strikes could not be loaded.</p>
              <Button size="sm" variant="outline-primary" onClick={snapshot.retry}>
                Try again
              </Button>
            </>
          ) : (
            <Spinner animation="border" role="status" aria-label={`Loading ${TITLE}`} />
          )}
        </div>
      ) : query.isError && rows === null ? (
        <div className="d-flex flex-column align-items-center text-body-secondary py-5 border rounded">
          <p className="mb-2">The open interest could not be loaded.</p>
          <Button size="sm" variant="outline-primary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows !== null && rows.length === 0 ? (
        <p className="text-body-secondary border rounded py-5 text-center mb-0">No open interest yet this session.</p>
      ) : (
        <>
          <dl className="d-flex flex-wrap gap-3 mb-0 small">
            {cards.map((card) => (
              <div key={card.id} className="border rounded px-2 py-1">
                <dt className="fw-normal text-body-secondary">{card.label}</dt>
                <dd className="mb-0 fw-semibold" data-testid={card.id}>
                  {card.value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="small text-body-secondary mb-0">
            {around === null ? 'Every listed strike' : `ATM ± ${around} strikes`}; changes since the session&apos;s
            first candle. OI Trend = Chg in Put OI − Chg in Call OI.
          </p>
          {charts !== null && (
            <div className="row g-3">
              <ChartPanel
                className="col-12 col-xl-6"
                title="Total Open Int & PCR"
                option={charts.totals}
                theme={theme}
                ariaLabel="Total put and call OI (right axis, lakhs) and PCR (left axis) through the session"
                height={340}
                actions={
                  <ChoiceButtons
                    id={`${ROUTE}-total-view`}
                    label="View"
                    choice={{ options: TOTAL_VIEWS, value: totalView, onChange: setTotalView }}
                  />
                }
              />
              <ChartPanel
                className="col-12 col-xl-6"
                title="Total Chg. in OI & OI Trend"
                option={charts.changes}
                theme={theme}
                ariaLabel="Change in put and call OI since the first candle and the OI trend through the session"
                height={340}
                actions={
                  <ChoiceButtons
                    id={`${ROUTE}-change-view`}
                    label="View"
                    choice={{ options: CHANGE_VIEWS, value: changeView, onChange: setChangeView }}
                  />
                }
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
