import { Button } from 'react-bootstrap';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { TOP_BAR_SLOT_ID } from '../../lib/top-bar-slot';
import { GearIcon, BoltIcon, MenuIcon } from './shell-icons';
import { ShellBrand } from './shell-brand';
import { ShellStatusDot } from './shell-status-dot';
import { UserMenu } from './user-menu';

/** What the top bar shows and what its buttons do. */
export interface TopBarProps {
  title: string;
  homePath: string;
  /** The brand shows in the top bar itself when no vertical navigation carries it (top position, small screens). */
  brandAlways: boolean;
  onOpenNavigation: () => void;
  onOpenSettings: () => void;
  onQuikTrade: () => void;
}

/**
 * The signed-in app's top bar (spec signed-in §2.2): the menu button on small screens, the page title, the data
 * status dot on small screens, Quik Trade, the light/dark toggle, the settings and the user menu.
 */
export function TopBar({ title, homePath, brandAlways, onOpenNavigation, onOpenSettings, onQuikTrade }: TopBarProps) {
  return (
    <header className="app-topbar d-flex align-items-center gap-2 px-3 border-bottom bg-body sticky-top no-print">
      <Button
        variant="link"
        className="app-topbar-icon d-lg-none text-body p-1"
        aria-label="Open navigation"
        onClick={onOpenNavigation}
      >
        <MenuIcon />
      </Button>
      <ShellBrand to={homePath} compact className={brandAlways ? 'me-2' : 'me-2 d-lg-none'} />
      <span className="app-topbar-title fw-semibold text-truncate" data-testid="page-title">
        {title}
      </span>
      <ShellStatusDot className="d-lg-none" />
      {/* Controls of the page shown (the Advance Chart's layout selector and MTF checkbox). */}
      <div id={TOP_BAR_SLOT_ID} className="app-topbar-slot d-flex align-items-center gap-2" />
      <div className="ms-auto d-flex align-items-center gap-1 gap-sm-2">
        <Button variant="primary" size="sm" className="quik-trade-button" aria-label="Quik Trade" onClick={onQuikTrade}>
          <BoltIcon />
          <span className="d-none d-sm-inline ms-1">Quik Trade</span>
        </Button>
        <ThemeToggle />
        <Button
          variant="outline-secondary"
          size="sm"
          className="app-topbar-round"
          aria-label="Open settings"
          title="Settings"
          onClick={onOpenSettings}
        >
          <GearIcon />
        </Button>
        <UserMenu />
      </div>
    </header>
  );
}
