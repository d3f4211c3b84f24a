import { Link } from 'react-router';
import { useBrandName } from '../../lib/public-config';
import { APP_VERSION, CHARTS_CREDIT, RISK_DISCLAIMER } from '../brand';
import { paths } from '../paths';

const LINKS: readonly { label: string; to: string }[] = [
  { label: 'About Us', to: paths.aboutUs },
  { label: 'Contact Us', to: paths.contactUs },
  { label: 'Terms', to: paths.termsCondition },
  { label: 'Privacy', to: paths.privacyPolicy },
  { label: 'Refund Policy', to: paths.refundPolicy },
];

/** The signed-in app's slim footer: links, the charting credit, the risk disclaimer, copyright and version. */
export function ShellFooter() {
  const brand = useBrandName();
  return (
    <footer className="shell-footer border-top px-3 py-3 text-body-secondary no-print">
      <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
        <nav aria-label="Footer">
          <ul className="list-inline mb-0">
            {LINKS.map((link) => (
              <li key={link.to} className="list-inline-item">
                <Link to={link.to} className="footer-link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <span>
          © {new Date().getFullYear()} {brand} · Version {APP_VERSION}
        </span>
      </div>
      <p className="mb-1">{RISK_DISCLAIMER}</p>
      <p className="mb-0">
        Charts are powered by{' '}
        <a href={CHARTS_CREDIT.url} target="_blank" rel="noopener noreferrer">
          {CHARTS_CREDIT.name}
        </a>
        .
      </p>
    </footer>
  );
}
