import { useMemo, useState } from 'react';
import { Offcanvas } from 'react-bootstrap';
import { Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { SettingsPanel } from '../../features/theme/components/settings-panel';
import { useTheme } from '../../features/theme/hooks/use-theme';
import { isAppPage, type AppPage } from '../app-pages';
import { GatePopup } from '../navigation/gate-popup';
import { presentNavGroups } from '../navigation/nav-groups';
import { topBarTitle } from '../navigation/page-title-for';
import { useGatedNavigation } from '../navigation/use-gated-navigation';
import { appHomePath } from '../navigation/app-home';
import { paths } from '../paths';
import { OffersBanner } from '../shell/offers-banner';
import { ShellBrand } from '../shell/shell-brand';
import { ShellFooter } from '../shell/shell-footer';
import { ShellNotices } from '../shell/shell-notices';
import { SideNav } from '../shell/side-nav';
import { TopBar } from '../shell/top-bar';
import { TopNav } from '../shell/top-nav';
import { TradingProvider } from '../shell/trading-provider';
import { VerticalNavbar } from '../shell/vertical-navbar';
import { WarningBar } from '../shell/warning-bar';
import '../shell/app-shell.css';

function useCurrentPage(): AppPage | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isAppPage(handle)) return handle;
  }
  return undefined;
}

/**
 * The signed-in app's frame (spec signed-in §2.2–§2.5): top bar, side and/or top navigation as the settings say,
 * the offers banner, the warning bar, the page, the settings panel and the main layout's popups.
 */
export function AppShellLayout() {
  const { settings, updateSettings } = useTheme();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const page = useCurrentPage();
  const groups = useMemo(() => presentNavGroups(), []);
  const home = useMemo(() => appHomePath(), []);
  const gates = useGatedNavigation();
  const [showNavigation, setShowNavigation] = useState(false);
  const [showSettings, setShowSettings] = useState(false);

  const vertical = settings.navbarPosition !== 'top';
  const horizontal = settings.navbarPosition !== 'vertical';
  const collapsed = settings.isNavbarVerticalCollapsed;

  return (
    <TradingProvider>
      <div
        className="app-shell d-flex"
        data-navbar-position={settings.navbarPosition}
        data-navbar-style={settings.navbarStyle}
        data-fluid={settings.isFluid}
      >
        {navigation.state !== 'idle' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
        {vertical && (
          <VerticalNavbar
            brand={<ShellBrand to={home} />}
            navbarStyle={settings.navbarStyle}
            collapsed={collapsed}
            onToggleCollapsed={() => updateSettings({ isNavbarVerticalCollapsed: !collapsed })}
          >
            <SideNav groups={groups} onEntryClick={gates.onEntryClick} />
          </VerticalNavbar>
        )}
        <div className="app-main d-flex flex-column flex-grow-1">
          <TopBar
            title={topBarTitle(pathname, page)}
            homePath={home}
            brandAlways={!vertical}
            onOpenNavigation={() => setShowNavigation(true)}
            onOpenSettings={() => setShowSettings(true)}
            onQuikTrade={() => {
              if (gates.hasTradePlan) void navigate(paths.brokerAccounts);
              else gates.openGate('upgrade');
            }}
          />
          {horizontal && <TopNav groups={groups} onEntryClick={gates.onEntryClick} />}
          <OffersBanner />
          <WarningBar />
          <main
            id="main-content"
            className={`app-content flex-grow-1 py-3 ${settings.isFluid ? 'container-fluid' : 'container'}`}
          >
            <Outlet />
          </main>
          <ShellFooter />
        </div>
        <Offcanvas
          show={showNavigation}
          onHide={() => setShowNavigation(false)}
          placement="start"
          className={`navbar-offcanvas navbar-vertical-${settings.navbarStyle}`}
          aria-label="Navigation"
        >
          <Offcanvas.Header closeButton closeLabel="Close navigation">
            <ShellBrand to={home} />
          </Offcanvas.Header>
          <Offcanvas.Body>
            <SideNav groups={groups} onEntryClick={gates.onEntryClick} onNavigated={() => setShowNavigation(false)} />
          </Offcanvas.Body>
        </Offcanvas>
        <SettingsPanel show={showSettings} onHide={() => setShowSettings(false)} />
        <GatePopup gate={gates.gateState.gate} show={gates.gateState.show} onClose={gates.closeGate} />
        <ShellNotices page={page} />
      </div>
    </TradingProvider>
  );
}
