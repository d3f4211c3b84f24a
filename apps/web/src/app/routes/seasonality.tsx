import { SeasonalityScreen } from '../../features/seasonality/components/seasonality-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /pages/seasonality: monthly returns by year with each month's average and hit rate. */
export function SeasonalityRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.seasonality.title} />
      <SeasonalityScreen />
    </>
  );
}
