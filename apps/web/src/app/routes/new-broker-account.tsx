import { NewBrokerAccountScreen } from '../../features/brokers/components/new-broker-account-screen';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

/** /authentication/new-broker-account: opening a broker account, with the free month it brings. */
export function NewBrokerAccountRoute() {
  return (
    <>
      <PageTitle name="Open a Broker Account" />
      <NewBrokerAccountScreen brokerLogin={paths.brokerLogin} />
    </>
  );
}
