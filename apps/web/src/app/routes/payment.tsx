import { PaymentScreen } from '../../features/billing/components/payment-screen';
import { PageTitle } from '../page-title';
import { BILLING_LINKS } from './billing-links';

/** /payment: the price breakup and Pay. */
export function PaymentRoute() {
  return (
    <>
      <PageTitle name="Payment" />
      <PaymentScreen links={BILLING_LINKS} />
    </>
  );
}
