import { Link } from 'react-router';
import { useBrandName } from '../../../lib/public-config';
import type { LegalSection } from './legal-document';

/** The sections of the refund policy. */
export function useRefundSections(links: { subscriptions: string; contact: string; terms: string }): LegalSection[] {
  const brand = useBrandName();
  return [
    {
      id: 'no-refunds',
      heading: 'All payments are final',
      body: (
        <p>
          All payments to {brand} are non-refundable and non-transferable. A plan, once bought, cannot be refunded in
          whole or in part, moved to another person, or exchanged for another plan. Please use the free trial to judge
          whether the product suits you before you buy.
        </p>
      ),
    },
    {
      id: 'disruption',
      heading: 'Service disruptions',
      body: (
        <p>
          If the service is unavailable during market hours because of a fault on our side, we make up for it by adding
          the hours or days lost to your plan. This extension replaces any refund.
        </p>
      ),
    },
    {
      id: 'renewal',
      heading: 'Renewals',
      body: (
        <p>
          Monthly, quarterly and annual subscriptions may renew automatically. To stop the next renewal, cancel it under
          &lsquo;My Plans&rsquo; on <Link to={links.subscriptions}>My Subscriptions</Link> before the period ends; the
          current period runs to its end. A renewal that has been charged is not refunded.
        </p>
      ),
    },
    {
      id: 'coupons',
      heading: 'Coupons and GST',
      body: (
        <p>
          A coupon or promo code applies to the first period only. Prices exclude 18% GST, which is shown separately at
          checkout and on your receipt.
        </p>
      ),
    },
    {
      id: 'failed',
      heading: 'Payments without a plan',
      body: (
        <p>
          If your bank shows a payment but your plan is not active, write to us through the{' '}
          <Link to={links.contact}>contact page</Link> with the payment reference: we activate the plan for the full
          period paid for. See also the <Link to={links.terms}>terms and conditions</Link>.
        </p>
      ),
    },
  ];
}
