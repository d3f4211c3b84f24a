import { Link, useLocation } from 'react-router';
import { BrokerAccountsScreen } from '../../features/brokers/components/broker-accounts-screen';
import { useBrandName, usePublicConfig } from '../../lib/public-config';
import { APP_PAGES } from '../app-pages';
import { RISK_DISCLAIMER } from '../brand';
import { socialChannels } from '../layouts/social-links';
import { PageTitle } from '../page-title';
import { isRegisteredPath, paths } from '../paths';

const FOOTER_LINKS: readonly { label: string; to: string }[] = [
  { label: 'About Us', to: paths.aboutUs },
  { label: 'Contact Us', to: paths.contactUs },
  { label: 'Terms & Conditions', to: paths.termsCondition },
  { label: 'Privacy Policy', to: paths.privacyPolicy },
  { label: 'Refund Policy', to: paths.refundPolicy },
  { label: 'QuikTrade Pricing', to: paths.quiktradePricing },
  { label: 'QuikTrade Features', to: paths.quiktradeFeatures },
  { label: 'Discover Features', to: paths.discoverFeatures },
];

// QuikTrade's dashboard opens in a new tab of this same site, which shares the session: nothing secret in the URL.
const QUIKTRADE_DASHBOARD = isRegisteredPath(APP_PAGES.trading.path) ? APP_PAGES.trading.path : null;

/** The Broker List's footer (accounts §2): site links, social links, the F&O risk disclaimer and the copyright. */
function BrokerListFooter() {
  const brand = useBrandName();
  const socials = socialChannels(usePublicConfig().data?.channels);
  return (
    <footer className="border-top pt-3 small text-body-secondary">
      <nav aria-label="Broker List footer" className="mb-2">
        <ul className="list-inline mb-0">
          {FOOTER_LINKS.map((link) => (
            <li key={link.to} className="list-inline-item">
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {socials.length > 0 && (
        <ul className="list-inline mb-2">
          {socials.map((channel) => (
            <li key={channel.id} className="list-inline-item">
              <a href={channel.url} target="_blank" rel="noopener noreferrer" aria-label={channel.label}>
                {channel.glyph}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="mb-1">{RISK_DISCLAIMER}</p>
      <p className="mb-0">
        © {new Date().getFullYear()} {brand}. All rights reserved.
      </p>
    </footer>
  );
}

function stateField(state: unknown, field: 'login' | 'expand'): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const value = (state as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/** /trading/broker-accounts ('Broker List'). */
export function BrokerAccountsRoute() {
  const location = useLocation();
  const state: unknown = location.state;
  return (
    <>
      <PageTitle name={APP_PAGES.brokerAccounts.title} />
      <BrokerAccountsScreen
        // A new navigation (e.g. the default-broker notice's Login while already here) starts afresh.
        key={location.key}
        links={{
          brokerLogin: paths.brokerLogin,
          quiktradePricing: paths.quiktradePricing,
          quiktradeDashboard: QUIKTRADE_DASHBOARD,
        }}
        loginAccountId={stateField(state, 'login')}
        expandAccountId={stateField(state, 'expand')}
        footer={<BrokerListFooter />}
      />
    </>
  );
}
