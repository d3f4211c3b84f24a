import { SubscriptionsScreen } from '../../features/billing/components/subscriptions-screen';
import { PageTitle } from '../page-title';
import { BILLING_LINKS } from './billing-links';

/** /subscriptions ('My Subscriptions'); behind the session guard. */
export function SubscriptionsRoute() {
  return (
    <>
      <PageTitle name="My Subscriptions" />
      <SubscriptionsScreen links={BILLING_LINKS} />
    </>
  );
}
