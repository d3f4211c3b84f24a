import { Navigate, useParams } from 'react-router';
import { ReceiptScreen } from '../../features/billing/components/receipt-screen';
import { PageTitle } from '../page-title';
import { paths } from '../paths';
import { BILLING_LINKS } from './billing-links';

/** /subscriptions/receipts/:paymentId: a payment's printable receipt; behind the session guard. */
export function ReceiptRoute() {
  const { paymentId } = useParams();
  if (paymentId === undefined) return <Navigate replace to={paths.subscriptions} />;
  return (
    <>
      <PageTitle name="Receipt" />
      <ReceiptScreen paymentId={paymentId} links={BILLING_LINKS} />
    </>
  );
}
