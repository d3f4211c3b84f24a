import type { DataTier } from '@fnodesk/contracts';
import { formatIstClockTime } from '@fnodesk/domain';
import { Alert } from 'react-bootstrap';
import { secondsUntil } from '../../lib/live-status';
import type { ChartDataMode } from '../../lib/market/data-mode';

export interface ChartDataStatusProps {
  /** The tier's banner (`tierMessage`), or null for none. */
  banner: string | null;
  tier: DataTier | null;
  /** How the chart's data is kept fresh; null while it loads. */
  mode: ChartDataMode | null;
  lastUpdatedAt: number | null;
  nextUpdateAt: number | null;
  now: number;
  /** An always-open market replaying the last session. */
  replaying: boolean;
  /** The live feed has sent no prices for a while. */
  stale?: boolean;
  /** Test id of the refresh countdown. */
  countdownTestId: string;
}

/**
 * A chart page's data status (spec signed-in §4.3): the tier banner, then when the data was last updated and the
 * refresh countdown, or Live / Replay / Market closed.
 */
export function ChartDataStatus({
  banner,
  tier,
  mode,
  lastUpdatedAt,
  nextUpdateAt,
  now,
  replaying,
  stale = false,
  countdownTestId,
}: ChartDataStatusProps) {
  return (
    <>
      {banner !== null && (
        <Alert variant={tier === 'none' ? 'danger' : 'warning'} className="py-1 px-2 mb-0 small" role="status">
          {banner}
        </Alert>
      )}
      <div className="small text-body-secondary d-flex flex-wrap gap-3" aria-live="off">
        {lastUpdatedAt !== null && <span>Last Updated: {formatIstClockTime(lastUpdatedAt)}</span>}
        {mode === 'refresh' && nextUpdateAt !== null && (
          <span data-testid={countdownTestId}>Next Update in {secondsUntil(nextUpdateAt, now)} sec</span>
        )}
        {mode === 'live' && <span className="text-success">{replaying ? 'Live (Replay)' : 'Live'}</span>}
        {mode !== 'live' && replaying && <span>Replay</span>}
        {mode === 'live' && stale && <span className="text-warning-emphasis">No new prices for a while</span>}
        {mode === 'closed' && <span>Market closed</span>}
      </div>
    </>
  );
}
