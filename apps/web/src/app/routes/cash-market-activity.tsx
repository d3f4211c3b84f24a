import { CashMarketActivityScreen } from '../../features/fii-dii/components/cash-market-activity-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/cash-market-activity: FII/FPI and DII buying and selling in the cash market. */
export function CashMarketActivityRoute() {
  const { theme } = useSnapshotScreenProps();
  return (
    <>
      <PageTitle name={APP_PAGES.cashMarketActivity.title} />
      <CashMarketActivityScreen theme={theme} />
    </>
  );
}
