import { systemClock, type Clock, type TimerHandle } from '@fnodesk/domain';
import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import type { NavbarStyle } from '../../features/theme/storage/ui-settings-storage';
import { CollapseIcon } from './shell-icons';

/** How long the pointer rests on a collapsed navigation before it expands (spec signed-in §9). */
export const SIDEBAR_HOVER_DELAY_MS = 100;

/**
 * The vertical navigation's frame (large screens): the brand, the collapse toggle and the menu. Collapsed, it shows
 * icons only and expands over the page when the pointer rests on it for 100 ms or the keyboard moves into it.
 */
export function VerticalNavbar({
  brand,
  navbarStyle,
  collapsed,
  onToggleCollapsed,
  children,
  clock = systemClock,
}: {
  brand: ReactNode;
  navbarStyle: NavbarStyle;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  children: ReactNode;
  clock?: Clock;
}) {
  const [expanded, setExpanded] = useState(false);
  const timer = useRef<TimerHandle | null>(null);

  const cancelTimer = () => {
    timer.current?.cancel();
    timer.current = null;
  };
  useEffect(() => cancelTimer, []);

  const expandSoon = () => {
    if (!collapsed || timer.current !== null) return;
    timer.current = clock.setTimeout(() => {
      timer.current = null;
      setExpanded(true);
    }, SIDEBAR_HOVER_DELAY_MS);
  };
  const shrink = () => {
    cancelTimer();
    setExpanded(false);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) shrink();
  };

  const classes = [
    'navbar-vertical',
    `navbar-vertical-${navbarStyle}`,
    'd-none d-lg-flex flex-column no-print',
    collapsed ? 'navbar-vertical-collapsed' : '',
    collapsed && expanded ? 'is-expanded' : '',
  ];
  return (
    <aside
      className={classes.filter(Boolean).join(' ')}
      data-collapsed={collapsed}
      data-expanded={collapsed && expanded}
      onMouseEnter={expandSoon}
      onMouseLeave={shrink}
      onFocus={() => collapsed && setExpanded(true)}
      onBlur={onBlur}
    >
      <div className="navbar-vertical-header d-flex align-items-center gap-2">
        <button
          type="button"
          className="btn btn-sm navbar-vertical-toggle"
          aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
          aria-pressed={collapsed}
          onClick={() => {
            shrink();
            onToggleCollapsed();
          }}
        >
          <CollapseIcon />
        </button>
        <div className="navbar-vertical-brand">{brand}</div>
      </div>
      <div className="navbar-vertical-content">{children}</div>
    </aside>
  );
}
