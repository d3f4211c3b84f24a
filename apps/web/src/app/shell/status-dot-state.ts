import { marketStatusAt } from '@fnodesk/domain';
import type { StatusDotState } from '../../components/status-dot';

/** The dot's colour: gray while the F&O market is shut, else green with a plan and a broker login, else orange. */
export function statusDotState(
  now: number,
  flags: { activeSubscription: boolean; brokerLoggedIn: boolean },
): StatusDotState {
  const market = marketStatusAt(now, 'NFO');
  const state: StatusDotState =
    market === 'closed' || market === 'holiday'
      ? 'closed'
      : flags.activeSubscription && flags.brokerLoggedIn
        ? 'live'
        : 'partial';
  return state;
}
