import { useId, useState, type MouseEvent } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import type { AppPage } from '../app-pages';
import { isCollapsibleGroup, type NavEntry, type PresentNavGroup } from '../navigation/nav-groups';
import { ChevronIcon, NavIcon } from './shell-icons';

/** What the side navigation needs from the shell. */
export interface SideNavProps {
  groups: readonly PresentNavGroup[];
  /** Called on every entry click; returns true when a gate popup took over (the link is then not followed). */
  onEntryClick: (page: AppPage, event: MouseEvent<HTMLElement>) => boolean;
  /** Called after an entry was clicked (the phone menu closes itself). */
  onNavigated?: () => void;
}

function isActive(entry: NavEntry, pathname: string): boolean {
  return matchPath(entry.page.path, pathname) !== null;
}

function EntryLink({
  entry,
  label,
  icon,
  onEntryClick,
  onNavigated,
  className,
}: {
  entry: NavEntry;
  label: string;
  icon?: PresentNavGroup['icon'];
  className: string;
} & Pick<SideNavProps, 'onEntryClick' | 'onNavigated'>) {
  return (
    <NavLink
      to={entry.page.path}
      end
      className={className}
      data-page={entry.name}
      onClick={(event) => {
        // Followed or answered by a gate popup, the phone menu has done its job either way.
        onEntryClick(entry.page, event);
        onNavigated?.();
      }}
    >
      {icon !== undefined && (
        <span className="side-nav-icon">
          <NavIcon name={icon} />
        </span>
      )}
      <span className="side-nav-label">{label}</span>
    </NavLink>
  );
}

function CollapsibleGroup({ group, ...handlers }: { group: PresentNavGroup } & Omit<SideNavProps, 'groups'>) {
  const { pathname } = useLocation();
  const containsActive = group.entries.some((entry) => isActive(entry, pathname));
  const [open, setOpen] = useState(containsActive);
  const listId = useId();
  return (
    <li className="side-nav-group" data-group={group.id}>
      <button
        type="button"
        className={`side-nav-link side-nav-toggle${containsActive ? ' has-active' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((current) => !current)}
      >
        <span className="side-nav-icon">
          <NavIcon name={group.icon} />
        </span>
        <span className="side-nav-label">{group.label}</span>
        <span className="side-nav-chevron">
          <ChevronIcon />
        </span>
      </button>
      <ul id={listId} className="side-nav-sublist list-unstyled" hidden={!open}>
        {group.entries.map((entry) => (
          <li key={entry.name}>
            <EntryLink entry={entry} label={entry.page.title} className="side-nav-sublink" {...handlers} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The grouped side navigation (spec signed-in §2.3): groups open and close, the group holding the current page
 * starts open, and the current page is marked active. A group of one page is a plain link with the group's name.
 */
export function SideNav({ groups, ...handlers }: SideNavProps) {
  return (
    <nav className="side-nav" aria-label="Main navigation">
      <ul className="list-unstyled mb-0">
        {groups.map((group) => {
          const [only] = group.entries;
          if (isCollapsibleGroup(group) || only === undefined) {
            return <CollapsibleGroup key={group.id} group={group} {...handlers} />;
          }
          return (
            <li key={group.id} className="side-nav-group" data-group={group.id}>
              <EntryLink entry={only} label={group.label} icon={group.icon} className="side-nav-link" {...handlers} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
