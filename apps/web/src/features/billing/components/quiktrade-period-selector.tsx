import type { Package } from '@fnodesk/contracts';
import { isInQuikTradePeriod, QUIKTRADE_PERIODS, type QuikTradePeriod } from '@fnodesk/domain';
import { ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { largestDiscount } from '../utils/plan-display';

/** The QuikTrade period selector (spec §2): Monthly, Semi Annual (Upto 17% off), Annual (Upto 34% off). */
export function QuikTradePeriodSelector({
  value,
  onChange,
  packages,
}: {
  value: QuikTradePeriod;
  onChange: (period: QuikTradePeriod) => void;
  packages: readonly Package[];
}) {
  return (
    <ToggleButtonGroup
      type="radio"
      name="quiktrade-period"
      value={value}
      onChange={onChange}
      className="quiktrade-periods flex-wrap"
      aria-label="Billing period"
    >
      {QUIKTRADE_PERIODS.map(({ period, label }) => {
        // The banners are computed from the prices, so a price change moves them too.
        const off = period === '1M' ? 0 : largestDiscount(packages.filter((p) => isInQuikTradePeriod(p.id, period)));
        return (
          <ToggleButton key={period} id={`quiktrade-period-${period}`} value={period} variant="outline-primary">
            {label}
            {off > 0 && ` (Upto ${off}% off)`}
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}
