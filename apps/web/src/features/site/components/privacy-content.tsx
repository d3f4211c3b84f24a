import { Link } from 'react-router';
import { useBrandName } from '../../../lib/public-config';
import type { LegalSection } from './legal-document';

/** The date the privacy policy was last updated (spec §1). */
export const PRIVACY_POLICY_UPDATED = '6-Nov-2022';

/** The sections of the privacy policy. */
export function usePrivacySections(links: { terms: string; contact: string }): LegalSection[] {
  const brand = useBrandName();
  return [
    {
      id: 'collect',
      heading: 'What we collect',
      body: (
        <ul>
          <li>
            <strong>Account details</strong>: your first and last name, e-mail address and mobile (WhatsApp) number,
            given when you sign up; your password is stored only as a salted hash. Signing in with Google shares your
            name and e-mail address with us.
          </li>
          <li>
            <strong>Plans and payments</strong>: the plans you buy, their validity, invoices and the payment
            provider&rsquo;s references. Card and bank details go to the payment provider and never reach us.
          </li>
          <li>
            <strong>Broker accounts</strong>: the broker, your client id and the keys or tokens the broker issues for
            the link. Secrets are encrypted at rest.
          </li>
          <li>
            <strong>Activity</strong>: logins, logouts and password changes with the time, address and browser, shown to
            you on your profile; orders you place through QuikTrade and their results.
          </li>
          <li>
            <strong>Demo requests</strong>: the name, e-mail address, mobile number and message you leave on the demo
            form.
          </li>
        </ul>
      ),
    },
    {
      id: 'use',
      heading: 'How we use it',
      body: (
        <ul>
          <li>to run your account, verify your e-mail address and keep your sessions secure;</li>
          <li>to provide the plans you bought, send receipts and remind you of renewals;</li>
          <li>to place the orders you ask for with the brokers you link;</li>
          <li>to answer you when you write to us, and to arrange a demo when you ask for one;</li>
          <li>to find and fix faults and to prevent abuse.</li>
        </ul>
      ),
    },
    {
      id: 'storage',
      heading: 'Cookies and local storage',
      body: (
        <p>
          {brand} keeps your session and your display preferences (colour scheme, layout, chart settings) in your
          browser&rsquo;s local storage so you stay signed in and the app looks the way you left it. Signing out removes
          the session. An analytics tag measures how pages are used, without your name or e-mail address.
        </p>
      ),
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      body: (
        <p>
          We do not sell your data. We share it only with the payment provider (to take your payments), with the brokers
          you link (to place your orders, on your instruction), with the providers that host and e-mail for us under
          confidentiality, and with authorities where the law requires it.
        </p>
      ),
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      body: (
        <p>
          Account details are kept while your account exists. Payment records are kept as long as tax law requires.
          Activity records are kept for up to a year. When you ask us to delete your account, we delete or anonymise
          what we are not required to keep.
        </p>
      ),
    },
    {
      id: 'security',
      heading: 'Security',
      body: (
        <p>
          Connections are encrypted, passwords are hashed, broker secrets are encrypted, and login secrets are stored
          only as hashes. No system is perfectly secure; if we learn of a breach that affects you, we will tell you.
        </p>
      ),
    },
    {
      id: 'children',
      heading: 'Age',
      body: <p>The service is not meant for anyone under 13, and we do not knowingly collect data from them.</p>,
    },
    {
      id: 'rights',
      heading: 'Your choices',
      body: (
        <p>
          You can see and correct your details on your profile, and ask for a copy of your data or for your account to
          be deleted through the <Link to={links.contact}>contact page</Link>.
        </p>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      body: (
        <p>
          When we change this policy we update the date above and, for material changes, tell you by e-mail or in the
          app. The <Link to={links.terms}>terms and conditions</Link> apply alongside this policy.
        </p>
      ),
    },
  ];
}
