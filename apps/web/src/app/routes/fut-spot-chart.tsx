import { FutSpotScreen } from '../../features/fut-spot-chart/components/fut-spot-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/fut-spot-chart: futures against spot with basis and carry. */
export function FutSpotChartRoute() {
  const { theme, refreshMs, alwaysOpen } = useSnapshotScreenProps();
  return (
    <>
      <PageTitle name={APP_PAGES.futSpotChart.title} />
      <FutSpotScreen
        theme={theme}
        {...(refreshMs === undefined ? {} : { refreshMs })}
        {...(alwaysOpen === undefined ? {} : { alwaysOpen })}
      />
    </>
  );
}
