import { useSearchParams } from 'react-router';
import { BrokerSetupScreen } from '../../features/brokers/components/broker-setup-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

const LINKS = {
  brokerAccounts: paths.brokerAccounts,
  brokerLogin: paths.brokerLogin,
  zerodhaConfig: paths.zerodhaConfig,
  login: paths.login,
};

/** /broker-setup?userName&subtype&type: the account details of an API-app broker (accounts §4). */
export function BrokerSetupRoute() {
  const [search] = useSearchParams();
  return (
    <>
      <PageTitle name={APP_PAGES.brokerSetup.title} />
      <BrokerSetupScreen
        type={search.get('type')}
        subType={search.get('subtype')}
        userName={search.get('userName')}
        links={LINKS}
        origin={window.location.origin}
      />
    </>
  );
}
