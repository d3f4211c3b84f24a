import { useTheme } from '../../features/theme/hooks/use-theme';
import type { SnapshotScreenProps } from '../../lib/market/snapshot-screen-props';
import { usePublicConfig } from '../../lib/public-config';

/** What a chain-snapshot screen takes from the app: the colour mode and the server's refresh settings. */
export function useSnapshotScreenProps(): SnapshotScreenProps {
  const { isDark } = useTheme();
  const feed = usePublicConfig().data?.feed;
  return {
    theme: isDark ? 'dark' : 'light',
    ...(feed === undefined ? {} : { refreshMs: feed.refreshMs, alwaysOpen: feed.alwaysOpen === true }),
  };
}
