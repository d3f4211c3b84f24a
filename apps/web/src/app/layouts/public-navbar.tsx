import type { MouseEvent } from 'react';
import { Container, Nav, Navbar, NavDropdown } from 'react-bootstrap';
import { Link, NavLink, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { PLAN_REQUIRED_MESSAGE } from '../../lib/api-client';
import { useBrandName, usePublicConfig } from '../../lib/public-config';
import { useSession, useUserSession } from '../../lib/use-session';
import { appHomePath } from '../navigation/app-home';
import { paths } from '../paths';

/**
 * The public navbar (spec §2): Home, About Us, Contact Us, Pricing, the Discover and QuikTrade pages, the blog
 * when configured, and Login/Register — or, signed in, App and Logout. App is refused with the spec's toast when
 * the user has neither plan.
 */
export function PublicNavbar() {
  const brand = useBrandName();
  const blogUrl = usePublicConfig().data?.channels.blogUrl ?? null;
  const signedIn = useSession() !== null;
  const session = useUserSession();
  const navigate = useNavigate();
  const hasPlan = session !== null && (session.activeSubscription || session.activeTradeSubscription);

  const openApp = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    if (!hasPlan) {
      toast.error(PLAN_REQUIRED_MESSAGE, { toastId: 'plan-required' });
      return;
    }
    void navigate(appHomePath());
  };

  return (
    <Navbar expand="lg" sticky="top" className="bg-body border-bottom public-navbar" collapseOnSelect>
      <Container>
        <Navbar.Brand as={Link} to={paths.home} className="d-flex align-items-center gap-2 fw-bold">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {brand}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="public-navbar-links" aria-label="Toggle navigation" />
        <Navbar.Collapse id="public-navbar-links">
          <Nav className="me-auto">
            <Nav.Link as={NavLink} to={paths.home} end eventKey="home">
              Home
            </Nav.Link>
            <Nav.Link as={NavLink} to={paths.aboutUs} eventKey="about">
              About Us
            </Nav.Link>
            <Nav.Link as={NavLink} to={paths.contactUs} eventKey="contact">
              Contact Us
            </Nav.Link>
            <Nav.Link as={NavLink} to={paths.pricing} end eventKey="pricing">
              Pricing
            </Nav.Link>
            <NavDropdown title="Discover" id="public-navbar-discover">
              <NavDropdown.Item as={NavLink} to={paths.discoverFeatures} eventKey="discover-features">
                Discover Features
              </NavDropdown.Item>
              <NavDropdown.Item as={NavLink} to={paths.discoverPricing} eventKey="discover-pricing">
                Discover Pricing
              </NavDropdown.Item>
            </NavDropdown>
            <NavDropdown title="QuikTrade" id="public-navbar-quiktrade">
              <NavDropdown.Item as={NavLink} to={paths.quiktradeFeatures} eventKey="quiktrade-features">
                QuikTrade Features
              </NavDropdown.Item>
              <NavDropdown.Item as={NavLink} to={paths.quiktradePricing} eventKey="quiktrade-pricing">
                QuikTrade Pricing
              </NavDropdown.Item>
            </NavDropdown>
            {blogUrl !== null && (
              <Nav.Link href={blogUrl} target="_blank" rel="noopener noreferrer">
                Blog
              </Nav.Link>
            )}
          </Nav>
          <Nav className="align-items-lg-center gap-lg-1 me-lg-2">
            {signedIn ? (
              <>
                <Nav.Link href={appHomePath()} onClick={openApp} className="fw-semibold">
                  App
                </Nav.Link>
                <Nav.Link as={NavLink} to={paths.logout} eventKey="logout">
                  Logout
                </Nav.Link>
              </>
            ) : (
              <>
                <Nav.Link as={NavLink} to={paths.login} eventKey="login">
                  Login
                </Nav.Link>
                <Link
                  to={paths.register}
                  className="btn btn-primary btn-sm px-3 my-2 my-lg-0 align-self-start align-self-lg-center"
                >
                  Register
                </Link>
              </>
            )}
          </Nav>
          <ThemeToggle className="my-2 my-lg-0" />
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
