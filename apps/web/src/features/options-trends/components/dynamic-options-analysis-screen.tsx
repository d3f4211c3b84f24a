import { formatIndianNumber, formatIstClockTime, optionsTrendRows, type Resolution } from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { categoryLinesOption, type CategorySeries } from '../../../components/charts/echart-options';
import { ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import { snapshotCandlesStatus } from '../../../components/market/snapshot-candles-status';
import { ChoiceButtons } from '../../../components/market/page-header';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useStrikeSetCandles, type TrendUnderlying } from '../hooks/use-strike-set-candles';

const ROUTE = 'options-analysis';
const TITLE = 'Dynamic Options Analysis';
const RESOLUTIONS = ['3m', '5m', '15m', '30m'] as const satisfies readonly Resolution[];
const UNDERLYINGS = ['Spot', 'Fut'] as const satisfies readonly TrendUnderlying[];
const BASELINES = ['Day Open', 'Previous Day'] as const;
const COLOURS = { ce: '#dc3545', pe: '#198754', trend: '#0d6efd', price: '#6f42c1' };

/**
 * /pages/options-analysis (pages brief G5): six panels over the strike set through the session: the underlying's
 * price, the OI trend (ΔPut − ΔCall), total CE and PE OI, their change, Σ CE and Σ PE premium and the premium
 * decay (ΔΣ), the changes measured from the day's first candle or the previous session's close. The panels share
 * one time axis, and hovering a time in one shows it in all six.
 */
export function DynamicOptionsAnalysisScreen({ theme, ...options }: SnapshotScreenProps) {
  const snapshot = useChainSnapshot({ storageKey: ROUTE, ...options });
  const [resolution, setResolution] = useState<(typeof RESOLUTIONS)[number]>('15m');
  const [underlying, setUnderlying] = useState<TrendUnderlying>('Spot');
  const [baseline, setBaseline] = useState<(typeof BASELINES)[number]>('Day Open');
  const { data, query } = useStrikeSetCandles(snapshot, resolution, underlying);
  const previousMissing = baseline === 'Previous Day' && data !== undefined && data.previous === null;
  const rows = useMemo(
    () =>
      data === undefined
        ? null
        : optionsTrendRows({
            ce: data.ce,
            pe: data.pe,
            spot: data.underlying,
            baseline: baseline === 'Previous Day' ? data.previous : null,
          }),
    [data, baseline],
  );

  const panels = useMemo(() => {
    if (rows === null || data === undefined) return [];
    const categories = rows.map((row) => formatIstClockTime(row.t).slice(0, -3));
    const option = (series: CategorySeries[], digits: number, scale = false) =>
      categoryLinesOption({ categories, series, theme, formatLeft: (v) => formatIndianNumber(v, digits), scale });
    const against = baseline === 'Day Open' ? 'since the first candle' : 'since the previous close';
    return [
      {
        title: 'Price',
        aria: `The ${underlying === 'Spot' ? 'spot' : 'future'} through the session`,
        option: option([{ name: underlying, values: rows.map((r) => r.spot), colour: COLOURS.price }], 2, true),
      },
      {
        title: 'Open Interest Trend',
        aria: `Put OI change minus call OI change ${against}`,
        option: option(
          [{ name: 'ΔPut − ΔCall', values: rows.map((r) => r.oiDiff), colour: COLOURS.trend, area: true }],
          0,
        ),
      },
      {
        title: 'Total OI',
        aria: 'Total CE and PE OI of the strike set',
        option: option(
          [
            { name: 'CE OI', values: rows.map((r) => data.ce.get(r.t)?.oi ?? null), colour: COLOURS.ce },
            { name: 'PE OI', values: rows.map((r) => data.pe.get(r.t)?.oi ?? null), colour: COLOURS.pe },
          ],
          0,
          true,
        ),
      },
      {
        title: 'Total Chg in OI',
        aria: `CE and PE OI change ${against}`,
        option: option(
          [
            { name: 'CE OI Chg', values: rows.map((r) => r.callOiChange), colour: COLOURS.ce, area: true },
            { name: 'PE OI Chg', values: rows.map((r) => r.putOiChange), colour: COLOURS.pe, area: true },
          ],
          0,
        ),
      },
      {
        title: 'Total Premium',
        aria: 'Σ CE and Σ PE premium of the strike set',
        option: option(
          [
            { name: 'ΣCE', values: rows.map((r) => r.ceLtp), colour: COLOURS.ce },
            { name: 'ΣPE', values: rows.map((r) => r.peLtp), colour: COLOURS.pe },
          ],
          2,
          true,
        ),
      },
      {
        title: 'Premium Decay',
        aria: `Change in Σ CE and Σ PE premium ${against}`,
        option: option(
          [
            { name: 'ΔΣCE', values: rows.map((r) => r.ceChange), colour: COLOURS.ce },
            { name: 'ΔΣPE', values: rows.map((r) => r.peChange), colour: COLOURS.pe },
          ],
          2,
        ),
      },
    ];
  }, [rows, data, baseline, underlying, theme]);
  const latest = rows?.at(-1);

  const status = snapshotCandlesStatus({
    snapshot,
    title: TITLE,
    what: 'strikes',
    candles: { rows, isError: query.isError, retry: () => void query.refetch() },
    empty: 'No candles yet for these strikes this session.',
  });
  return (
    <div className="options-analysis d-flex flex-column gap-2">
      <ChainSnapshotHeader snapshot={snapshot} title={TITLE} idPrefix={ROUTE} legs={false}>
        <ChoiceButtons
          id={`${ROUTE}-resolution`}
          label="Interval"
          choice={{ options: RESOLUTIONS, value: resolution, onChange: setResolution }}
        />
        <ChoiceButtons
          id={`${ROUTE}-underlying`}
          label="Spot/Fut"
          choice={{ options: UNDERLYINGS, value: underlying, onChange: setUnderlying }}
        />
        <ChoiceButtons
          id={`${ROUTE}-baseline`}
          label="Baseline"
          choice={{ options: BASELINES, value: baseline, onChange: setBaseline }}
        />
      </ChainSnapshotHeader>
      {status ?? (
        <>
          {previousMissing && (
            <p className="small text-warning-emphasis mb-0">
              A leg has no previous session, so the changes are measured from the first candle.
            </p>
          )}
          {latest !== undefined && (
            <dl className="d-flex flex-wrap gap-3 mb-0 small">
              <div className="border rounded px-2 py-1">
                <dt className="fw-normal text-body-secondary">OI Trend</dt>
                <dd className="mb-0 fw-semibold" data-testid="oi-trend">
                  {formatIndianNumber(latest.oiDiff, 0)}
                </dd>
              </div>
              <div className="border rounded px-2 py-1">
                <dt className="fw-normal text-body-secondary">ΣCE</dt>
                <dd className="mb-0 fw-semibold" data-testid="sum-ce">
                  {formatIndianNumber(latest.ceLtp, 2)}
                </dd>
              </div>
              <div className="border rounded px-2 py-1">
                <dt className="fw-normal text-body-secondary">ΣPE</dt>
                <dd className="mb-0 fw-semibold" data-testid="sum-pe">
                  {formatIndianNumber(latest.peLtp, 2)}
                </dd>
              </div>
            </dl>
          )}
          <div className="row g-3">
            {panels.map((panel) => (
              <ChartPanel
                key={panel.title}
                className="col-12 col-lg-6"
                title={panel.title}
                option={panel.option}
                theme={theme}
                ariaLabel={panel.aria}
                height={260}
                group={ROUTE}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
