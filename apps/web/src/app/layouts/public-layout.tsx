import { Outlet, useNavigation } from 'react-router';
import { PublicNavbar } from './public-navbar';
import { SiteFooter } from './site-footer';

/** Layout of the public site: the navbar, the page, and the footer. */
export function PublicLayout() {
  const navigation = useNavigation();
  return (
    <div className="public-layout d-flex flex-column min-vh-100">
      {navigation.state !== 'idle' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <PublicNavbar />
      <main className="flex-grow-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
