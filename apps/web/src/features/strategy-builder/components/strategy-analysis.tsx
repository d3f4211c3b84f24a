import type { ChartTheme } from '@fnodesk/charts';
import type { OptionChain } from '@fnodesk/contracts';
import {
  breakevens,
  formatIndianNumber,
  formatRupees,
  OPTION_DAYS_PER_YEAR,
  payoffCurves,
  payoffExtremes,
  probabilityOfProfit,
  strategyGreeks,
  payoffAtExpiry,
  payoffNow,
} from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { Form } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { payoffLegs, type BuilderLeg } from '../utils/builder-legs';
import { payoffChartOption } from '../utils/payoff-chart-option';

/** Spot points the payoff is drawn over. */
export const PAYOFF_POINTS = 400;
const RANGE = 0.1;

const rupees = (value: number | null) => (value === null ? 'Unlimited' : formatRupees(value, 0));
const tone = (value: number | null) =>
  value === null || value === 0 ? '' : value > 0 ? 'text-success' : 'text-danger';

function Figure({
  label,
  value,
  testId,
  className,
}: {
  label: string;
  value: string;
  testId?: string;
  className?: string;
}) {
  return (
    <div className="border rounded px-2 py-1">
      <dt className="small text-body-secondary fw-normal">{label}</dt>
      <dd className={`mb-0 fw-semibold font-monospace ${className ?? ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The strategy's analysis: payoff at expiry and T+0 against the underlying with a price slider and an IV and
 * days-to-expiry what-if, net greeks at the chosen price, maximum profit and loss, breakevens and the probability
 * of profit under the ATM IV.
 */
export function StrategyAnalysis({
  legs,
  chain,
  theme,
}: {
  legs: readonly BuilderLeg[];
  chain: OptionChain;
  theme: ChartTheme;
}) {
  const forward = chain.summary.futures ?? chain.summary.spot ?? chain.atmStrike ?? 0;
  const atmRow = chain.rows.find((row) => row.strike === chain.atmStrike);
  const atmIv =
    atmRow?.ce.iv != null && atmRow.pe.iv != null
      ? (atmRow.ce.iv + atmRow.pe.iv) / 2
      : (atmRow?.ce.iv ?? atmRow?.pe.iv ?? null);
  const priced = useMemo(() => payoffLegs(legs, chain.at, atmIv), [legs, chain.at, atmIv]);
  const daysLeft = Math.max(0, Math.min(...priced.map((leg) => leg.years)) * OPTION_DAYS_PER_YEAR);
  const [marked, setMarked] = useState<number | null>(null);
  const [ivShift, setIvShift] = useState(0);
  const [elapsedDays, setElapsedDays] = useState(0);
  const price = marked ?? Math.round(forward);
  const whatIf = useMemo(
    () => ({
      elapsedYears: Math.min(elapsedDays, daysLeft) / OPTION_DAYS_PER_YEAR,
      volatilityShift: ivShift / 100,
      rate: 0,
    }),
    [elapsedDays, daysLeft, ivShift],
  );
  const grid = useMemo(() => {
    const low = forward * (1 - RANGE);
    const step = (2 * RANGE * forward) / (PAYOFF_POINTS - 1);
    return Float64Array.from({ length: PAYOFF_POINTS }, (_, i) => low + i * step);
  }, [forward]);
  const curves = useMemo(() => payoffCurves(priced, grid, whatIf), [priced, grid, whatIf]);
  const roots = useMemo(() => breakevens(priced), [priced]);
  const extremes = useMemo(() => payoffExtremes(priced), [priced]);
  const greeks = strategyGreeks(priced, price, whatIf);
  const pop =
    atmIv === null
      ? null
      : probabilityOfProfit(
          priced,
          forward,
          Math.max(atmIv + ivShift, 0) / 100,
          Math.max(daysLeft - elapsedDays, 0) / OPTION_DAYS_PER_YEAR,
        );
  const expiryPnl = payoffAtExpiry(priced, price);
  const nowPnl = payoffNow(priced, price, whatIf);
  const option = useMemo(
    () =>
      payoffChartOption({
        prices: grid,
        expiry: curves.expiry,
        now: curves.now,
        marked: price,
        breakevens: roots,
        theme,
      }),
    [grid, curves, price, roots, theme],
  );
  const netPremium = legs.reduce(
    (sum, leg) => sum + (leg.side === 'BUY' ? 1 : -1) * leg.entry * leg.lots * leg.lotSize,
    0,
  );

  return (
    <div className="d-flex flex-column gap-2" data-testid="strategy-analysis">
      <dl className="d-flex flex-wrap gap-2 mb-0">
        <Figure
          label={netPremium >= 0 ? 'Net Debit' : 'Net Credit'}
          value={rupees(Math.abs(netPremium))}
          testId="strategy-net-premium"
        />
        <Figure
          label="Max Profit"
          value={rupees(extremes.maxProfit)}
          testId="strategy-max-profit"
          className="text-success"
        />
        <Figure label="Max Loss" value={rupees(extremes.maxLoss)} testId="strategy-max-loss" className="text-danger" />
        <Figure
          label="Breakevens"
          value={roots.length === 0 ? '–' : roots.map((root) => formatIndianNumber(root, 0)).join(' / ')}
          testId="strategy-breakevens"
        />
        <Figure
          label="Probability of Profit"
          value={pop === null ? '–' : `${formatIndianNumber(pop * 100, 1)}%`}
          testId="strategy-pop"
        />
      </dl>
      <dl className="d-flex flex-wrap gap-2 mb-0" aria-label="Net greeks">
        <Figure
          label="Delta"
          value={formatIndianNumber(greeks.delta, 2)}
          testId="strategy-delta"
          className={tone(greeks.delta)}
        />
        <Figure
          label="Gamma"
          value={formatIndianNumber(greeks.gamma, 4)}
          testId="strategy-gamma"
          className={tone(greeks.gamma)}
        />
        <Figure
          label="Theta"
          value={formatIndianNumber(greeks.theta, 2)}
          testId="strategy-theta"
          className={tone(greeks.theta)}
        />
        <Figure
          label="Vega"
          value={formatIndianNumber(greeks.vega, 2)}
          testId="strategy-vega"
          className={tone(greeks.vega)}
        />
        <Figure
          label={`P&L at ${formatIndianNumber(price, 0)} (expiry)`}
          value={rupees(expiryPnl)}
          testId="strategy-expiry-pnl"
          className={tone(expiryPnl)}
        />
        <Figure label="P&L (T+0)" value={rupees(nowPnl)} testId="strategy-now-pnl" className={tone(nowPnl)} />
      </dl>
      <div className="d-flex flex-wrap gap-3">
        <Form.Group controlId="strategy-spot" style={{ minWidth: '14rem', flex: 1 }}>
          <Form.Label className="small mb-0">Underlying {formatIndianNumber(price, 0)}</Form.Label>
          <Form.Range
            min={Math.round(forward * (1 - RANGE))}
            max={Math.round(forward * (1 + RANGE))}
            step={1}
            value={price}
            onChange={(event) => setMarked(Number(event.currentTarget.value))}
          />
        </Form.Group>
        <Form.Group controlId="strategy-iv-shift" style={{ minWidth: '10rem', flex: 1 }}>
          <Form.Label className="small mb-0">
            IV change {ivShift > 0 ? '+' : ''}
            {ivShift} pts
          </Form.Label>
          <Form.Range
            min={-10}
            max={10}
            step={0.5}
            value={ivShift}
            onChange={(event) => setIvShift(Number(event.currentTarget.value))}
          />
        </Form.Group>
        <Form.Group controlId="strategy-days" style={{ minWidth: '10rem', flex: 1 }}>
          <Form.Label className="small mb-0">
            Days to expiry {formatIndianNumber(Math.max(daysLeft - elapsedDays, 0), 1)}
          </Form.Label>
          <Form.Range
            min={0}
            max={Math.floor(daysLeft)}
            step={1}
            value={Math.min(elapsedDays, Math.floor(daysLeft))}
            onChange={(event) => setElapsedDays(Number(event.currentTarget.value))}
          />
        </Form.Group>
      </div>
      <ChartPanel
        title="Payoff"
        option={option}
        theme={theme}
        ariaLabel="Strategy P&L at expiry and today against the underlying"
        height={360}
      />
    </div>
  );
}
