import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { BrokerCallbackScreen } from '../../features/brokers/components/broker-callback-screen';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

/** /broker/callback/:type: where a broker (or Paper Trading) sends the browser back after a login. */
export function BrokerCallbackRoute() {
  const { type = '' } = useParams();
  const [search] = useSearchParams();
  const key = search.toString();
  // One object per query string, so the screen's effect sees the same parameters on every render.
  const params = useMemo(() => Object.fromEntries(new URLSearchParams(key)), [key]);
  return (
    <>
      <PageTitle name="Broker Login" />
      <BrokerCallbackScreen type={type} params={params} brokerAccounts={paths.brokerAccounts} />
    </>
  );
}
