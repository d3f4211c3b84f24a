import { Container, Nav, Navbar } from 'react-bootstrap';
import { Link, NavLink, Outlet, useNavigation } from 'react-router';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { useSession } from '../../lib/use-session';
import { BRAND_NAME, MISSION_STATEMENT } from '../brand';
import { paths } from '../paths';

/** Layout of the public site: top navbar, the page, and the footer with the mission statement. */
export function PublicLayout() {
  const navigation = useNavigation();
  const signedIn = useSession() !== null;
  return (
    <div className="public-layout d-flex flex-column min-vh-100">
      {navigation.state !== 'idle' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <Navbar expand="md" sticky="top" className="bg-body border-bottom public-navbar">
        <Container>
          <Navbar.Brand as={Link} to={paths.home} className="d-flex align-items-center gap-2 fw-bold">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            {BRAND_NAME}
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="public-navbar-links" />
          <Navbar.Collapse id="public-navbar-links">
            <Nav className="me-auto">
              <Nav.Link as={NavLink} to={paths.home} end>
                Home
              </Nav.Link>
              <Nav.Link as={NavLink} to={paths.discoverPricing}>
                Pricing
              </Nav.Link>
            </Nav>
            <Nav className="align-items-md-center gap-md-1 me-md-2">
              {signedIn ? (
                <>
                  <Nav.Link as={NavLink} to={paths.subscriptions}>
                    My Subscriptions
                  </Nav.Link>
                  <Nav.Link as={NavLink} to={paths.refer}>
                    Refer
                  </Nav.Link>
                  <Nav.Link as={NavLink} to={paths.profile}>
                    Profile
                  </Nav.Link>
                  <Nav.Link as={NavLink} to={paths.logout}>
                    Logout
                  </Nav.Link>
                </>
              ) : (
                <>
                  <Nav.Link as={NavLink} to={paths.login}>
                    Login
                  </Nav.Link>
                  <Link
                    to={paths.register}
                    className="btn btn-primary btn-sm px-3 my-2 my-md-0 align-self-start align-self-md-center"
                  >
                    Register
                  </Link>
                </>
              )}
            </Nav>
            <ThemeToggle className="my-2 my-md-0" />
          </Navbar.Collapse>
        </Container>
      </Navbar>
      <main className="flex-grow-1">
        <Outlet />
      </main>
      <footer className="public-footer border-top py-4 bg-body-tertiary">
        <Container className="d-flex flex-column flex-md-row justify-content-between gap-2 small">
          <p className="mb-0">
            <span className="fw-semibold">{BRAND_NAME}</span>
            <span className="text-body-secondary"> · {MISSION_STATEMENT}</span>
          </p>
          <p className="mb-0 text-body-secondary">Market insights only; no buy or sell recommendations.</p>
        </Container>
      </footer>
    </div>
  );
}
