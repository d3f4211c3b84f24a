import { ZerodhaConfigGuide } from '../../features/brokers/components/zerodha-config-guide';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

/** /zerodha-config: the guide to creating a Kite Connect app (linked from the Zerodha setup, hidden elsewhere). */
export function ZerodhaConfigRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.zerodhaConfig.title} />
      <ZerodhaConfigGuide
        links={{ brokerLogin: paths.brokerLogin, brokerAccounts: paths.brokerAccounts }}
        origin={window.location.origin}
      />
    </>
  );
}
