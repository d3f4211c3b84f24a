import { useQueryClient } from '@tanstack/react-query';
import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { useUserSession } from '../../lib/use-session';
import { APP_PAGES } from '../app-pages';
import { isRegisteredPath, paths } from '../paths';
import { CACHE_CLEARED_MESSAGE, clearCachedData } from './clear-cache';
import { UserIcon } from './shell-icons';

const MENU_LINKS: readonly { label: string; to: string }[] = [
  { label: 'Profile', to: paths.profile },
  { label: 'Broker List', to: APP_PAGES.brokerAccounts.path },
  { label: 'My Subscriptions', to: paths.subscriptions },
  { label: 'Purchase Plans', to: paths.discoverPricing },
  { label: 'Refer', to: paths.refer },
];

/** The top bar's user menu (spec signed-in §2.2); an entry shows once its page exists. */
export function UserMenu() {
  const session = useUserSession();
  const queryClient = useQueryClient();
  const name = session === null ? '' : `${session.userFirstName} ${session.userLastName}`.trim();
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="link" className="app-user-toggle text-body" aria-label="User menu">
        <UserIcon />
        {session !== null && <span className="d-none d-xl-inline ms-2">{session.userFirstName}</span>}
      </Dropdown.Toggle>
      <Dropdown.Menu className="shadow-sm">
        {session !== null && (
          <Dropdown.Header>
            <span className="d-block fw-semibold text-body">{name}</span>
            <span className="d-block small text-truncate">{session.email}</span>
          </Dropdown.Header>
        )}
        {MENU_LINKS.filter((item) => isRegisteredPath(item.to)).map((item) => (
          <Dropdown.Item key={item.label} as={Link} to={item.to}>
            {item.label}
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        <Dropdown.Item
          as="button"
          onClick={() => {
            void clearCachedData(queryClient).then(() => toast.success(CACHE_CLEARED_MESSAGE));
          }}
        >
          Clear Cache
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={paths.logout}>
          Logout
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
