import { useState } from 'react';
import { BrokerLoginScreen } from '../../features/brokers/components/broker-login-screen';
import { CAROUSEL_BROKERS } from '../../features/landing/data/brokers';
import { readLastPage } from '../../lib/remembered-navigation';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

/** Where the close button goes: the page remembered before this one, else Quick Charts (accounts §2). */
function closeTarget(): string {
  // Read while rendering, before the session guard remembers this page as the last one.
  const last = readLastPage();
  if (last === null) return paths.charts;
  const pathname = last.split(/[?#]/)[0] ?? '';
  return pathname === paths.brokerLogin || pathname.startsWith('/broker/callback/') ? paths.charts : last;
}

/** /authentication/broker-login: the broker tiles (signed-in users only). */
export function BrokerLoginRoute() {
  const [close] = useState(closeTarget);
  return (
    <>
      <PageTitle name="Broker Login" />
      <BrokerLoginScreen
        links={{
          close,
          newBrokerAccount: paths.newBrokerAccount,
          brokerAccounts: paths.brokerAccounts,
          brokerSetup: paths.brokerSetup,
          login: paths.login,
        }}
        marks={CAROUSEL_BROKERS}
        hostname={window.location.hostname}
      />
    </>
  );
}
