import type { ChartTheme } from '@fnodesk/charts';
import type { Clock } from '@fnodesk/domain';

/** Props every chain-snapshot screen takes from its route. */
export interface SnapshotScreenProps {
  theme: ChartTheme;
  clock?: Clock;
  /** Refresh interval of delayed data (the server's `REFRESH_MS`). */
  refreshMs?: number;
  /** The server's simulated market never closes (tests, demos). */
  alwaysOpen?: boolean;
}
