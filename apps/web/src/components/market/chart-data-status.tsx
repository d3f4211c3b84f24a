import { formatIstClockTime } from '@fnodesk/domain';
import { Alert } from 'react-bootstrap';
import { nextUpdateSeconds } from '../../lib/market/refresh-schedule';
import type { MarketDataPage } from '../../lib/market/use-market-data-page';
import { useNow } from '../../lib/market/use-now';

/** What the status line shows of a page's data (`useMarketDataPage`). */
export type ChartDataStatusPage = Pick<
  MarketDataPage,
  'banner' | 'mode' | 'lastUpdatedAt' | 'nextUpdateAt' | 'replaying' | 'stale' | 'clock'
>;

export interface ChartDataStatusProps {
  page: ChartDataStatusPage;
  /** Test id of the refresh countdown. */
  countdownTestId: string;
  /** Today's holiday, shown with 'Market closed'. */
  holiday?: string | undefined;
}

/**
 * A market-data page's status (spec signed-in §4.3): the tier banner, then when the data was last updated and the
 * refresh countdown, or Live / Replay / Market closed.
 */
export function ChartDataStatus({ page, countdownTestId, holiday }: ChartDataStatusProps) {
  const { banner, mode, lastUpdatedAt, nextUpdateAt, replaying, stale, clock } = page;
  // The countdown re-renders this line alone every second, not the page around it.
  const now = useNow(clock);
  return (
    <>
      {banner !== null && (
        <Alert variant={banner.variant} className="py-1 px-2 mb-0 small" role="status">
          {banner.text}
        </Alert>
      )}
      <div className="small text-body-secondary d-flex flex-wrap gap-3" aria-live="off" data-mode={mode ?? 'loading'}>
        {lastUpdatedAt !== null && <span>Last Updated: {formatIstClockTime(lastUpdatedAt)}</span>}
        {mode === 'refresh' && nextUpdateAt !== null && (
          <span data-testid={countdownTestId}>Next Update in {nextUpdateSeconds(nextUpdateAt, now)} sec</span>
        )}
        {mode === 'live' && <span className="text-success">{replaying ? 'Live (Replay)' : 'Live'}</span>}
        {mode !== 'live' && replaying && <span>Replay</span>}
        {mode === 'live' && stale && <span className="text-warning-emphasis">No new prices for a while</span>}
        {mode === 'closed' && <span>Market closed{holiday === undefined ? '' : `: ${holiday}`}</span>}
      </div>
    </>
  );
}
