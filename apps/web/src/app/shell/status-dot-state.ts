import type { DataTier } from '@fnodesk/contracts';
import { marketStatusAt } from '@fnodesk/domain';
import type { StatusDotState } from '../../components/status-dot';

/** What the dot's colour depends on besides the time. */
export interface StatusDotInputs {
  activeSubscription: boolean;
  brokerLoggedIn: boolean;
  /** The tier the feed announced, when a page holds a feed connection; it overrides the stored flags. */
  feedTier?: DataTier | null;
  /** True while ticks keep arriving: the market is trading whatever the calendar says (a replayed market). */
  ticking?: boolean;
}

/** The dot's colour: gray while the F&O market is shut, else green with a plan and a broker login, else orange. */
export function statusDotState(now: number, inputs: StatusDotInputs): StatusDotState {
  const market = marketStatusAt(now, 'NFO');
  if ((market === 'closed' || market === 'holiday') && inputs.ticking !== true) return 'closed';
  const live =
    inputs.feedTier !== undefined && inputs.feedTier !== null
      ? inputs.feedTier === 'live'
      : inputs.activeSubscription && inputs.brokerLoggedIn;
  return live ? 'live' : 'partial';
}
