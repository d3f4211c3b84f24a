import { Link } from 'react-router';
import { useBrandName } from '../../../lib/public-config';
import type { LegalSection } from './legal-document';

/** The terms of spec §1 in short, for the contact page and anywhere the full terms are too long. */
export function termsSummary(brand: string): readonly string[] {
  return [
    `${brand} shows market data from an exchange snapshot feed plus your broker's real-time feed; it gives no buy or sell recommendations and is not a registered investment advisor.`,
    'All plans include real-time data once you log in with a broker account.',
    'Prices exclude 18% GST. A monthly subscription means 30 days.',
    "Subscriptions are monthly, quarterly or annual and may renew automatically; you can cancel renewal any time under 'My Plans'. A coupon applies to the first period only.",
    'All payments are non-refundable and non-transferable. A disruption of the service is made good by adding hours or days to your plan, not by a refund.',
    'Data that goes missing may not be restorable.',
    'You must be at least 13 years old and give a valid e-mail address and mobile number to sign up.',
  ];
}

/** The sections of the Terms & Conditions, stating every term of spec §1. */
export function useTermsSections(links: { privacy: string; refund: string; subscriptions: string }): LegalSection[] {
  const brand = useBrandName();
  return [
    {
      id: 'acceptance',
      heading: 'Acceptance of these terms',
      body: (
        <p>
          These terms govern your use of {brand}, its website and its web application. By creating an account, buying a
          plan or using the service you accept them. If you do not accept them, please do not use the service.
        </p>
      ),
    },
    {
      id: 'service',
      heading: 'The service',
      body: (
        <>
          <p>{brand} offers two products to traders of futures and options on Indian exchanges:</p>
          <ul>
            <li>
              <strong>Discover</strong>: market analysis — option chains and option-chain charts, open interest,
              straddles and strangles, orderflow, futures dashboards, sector and breadth, FII/DII statistics and more.
            </li>
            <li>
              <strong>QuikTrade</strong>: order placement through broker accounts that you link and control, with paper
              trading to practise without real money.
            </li>
          </ul>
          <p>Features, limits and prices of each plan are shown on the pricing pages before you buy.</p>
        </>
      ),
    },
    {
      id: 'eligibility',
      heading: 'Eligibility and your account',
      body: (
        <ul>
          <li>You must be at least 13 years old to use the service.</li>
          <li>
            You must give a valid e-mail address and mobile number when you sign up, and keep them current; we use them
            to verify your account and to reach you about it.
          </li>
          <li>
            You are responsible for keeping your password and your broker credentials secret and for everything done
            with your account.
          </li>
        </ul>
      ),
    },
    {
      id: 'market-data',
      heading: 'Market data',
      body: (
        <>
          <p>
            Data shown in {brand} comes from an exchange snapshot feed plus a real-time feed from your broker. All plans
            include real-time data once you log in with a broker account; without a broker login the data is delayed,
            and without a plan it ends at the previous session.
          </p>
          <p>
            We take care to show data as it was received, but feeds can be late, incomplete or wrong. Data that goes
            missing (for example during a feed outage) may not be restorable.
          </p>
        </>
      ),
    },
    {
      id: 'no-advice',
      heading: 'No investment advice',
      body: (
        <>
          <p>
            {brand} gives no buy or sell recommendations, and we are not a registered investment advisor or research
            analyst. Charts, statistics and tools are information only; every trading decision, and its outcome, is
            yours.
          </p>
          <p>
            Trading in derivatives carries a high risk of loss: 9 out of 10 individual traders in the equity F&amp;O
            segment incurred net losses.
          </p>
        </>
      ),
    },
    {
      id: 'brokers',
      heading: 'Broker accounts and orders',
      body: (
        <p>
          QuikTrade sends orders to the broker accounts you link, on your instruction. We never hold your funds or
          securities; your broker executes, settles and reports your trades under its own terms. Broker names are shown
          for information only and do not imply a partnership. You may log out of or remove a linked account at any
          time.
        </p>
      ),
    },
    {
      id: 'plans',
      heading: 'Plans, prices and payment',
      body: (
        <ul>
          <li>Prices are in Indian rupees and exclude 18% GST, which is added at checkout.</li>
          <li>A monthly subscription means 30 days; longer periods are multiples of it as the plan states.</li>
          <li>A plan starts when the payment is confirmed and ends at the end of its period.</li>
          <li>A free trial is offered once per user and per product.</li>
        </ul>
      ),
    },
    {
      id: 'renewal',
      heading: 'Renewal, cancellation and coupons',
      body: (
        <ul>
          <li>Subscriptions are monthly, quarterly or annual and may renew automatically at the end of each period.</li>
          <li>
            You can cancel the renewal at any time under &lsquo;My Plans&rsquo; on{' '}
            <Link to={links.subscriptions}>My Subscriptions</Link>; the current period then runs to its end.
          </li>
          <li>A coupon or promo code applies to the first period only, not to renewals.</li>
        </ul>
      ),
    },
    {
      id: 'refunds',
      heading: 'Payments are final',
      body: (
        <>
          <p>
            All payments are non-refundable and non-transferable: a plan cannot be refunded, moved to another person or
            exchanged for another plan.
          </p>
          <p>
            If the service is disrupted, we make up for it by adding the hours or days lost to your plan; there are no
            refunds. The <Link to={links.refund}>refund policy</Link> has the details.
          </p>
        </>
      ),
    },
    {
      id: 'use',
      heading: 'Acceptable use',
      body: (
        <p>
          Use the service for your own trading only. Do not copy, resell or redistribute its data or screens, share your
          account, probe or overload the service, or use it against the law or the rules of an exchange or a broker. We
          may suspend an account that does.
        </p>
      ),
    },
    {
      id: 'liability',
      heading: 'Availability and liability',
      body: (
        <p>
          We work to keep the service available during market hours, but it is provided as it is, without a promise of
          uninterrupted or error-free operation. To the extent the law allows, we are not liable for trading losses or
          for losses caused by delayed, missing or wrong data, by your broker, or by events outside our control; our
          total liability is limited to the amount you paid for the current period.
        </p>
      ),
    },
    {
      id: 'privacy',
      heading: 'Privacy',
      body: (
        <p>
          How we handle your personal data is described in the <Link to={links.privacy}>privacy policy</Link>.
        </p>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      body: (
        <p>
          We may change these terms. Material changes are announced by e-mail or in the app before they apply; using the
          service after that means you accept the new terms.
        </p>
      ),
    },
  ];
}
