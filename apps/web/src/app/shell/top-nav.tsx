import type { MouseEvent } from 'react';
import { Nav, NavDropdown } from 'react-bootstrap';
import { NavLink } from 'react-router';
import type { AppPage } from '../app-pages';
import { isCollapsibleGroup, type PresentNavGroup } from '../navigation/nav-groups';

/** The horizontal navigation of the 'top' and 'combo' positions: one dropdown per group, one link per single page. */
export function TopNav({
  groups,
  onEntryClick,
}: {
  groups: readonly PresentNavGroup[];
  onEntryClick: (page: AppPage, event: MouseEvent<HTMLElement>) => boolean;
}) {
  return (
    <nav className="app-topnav border-bottom bg-body d-none d-lg-block" aria-label="Main navigation">
      <Nav className="px-3 flex-wrap">
        {groups.map((group) => {
          const [only] = group.entries;
          if (!isCollapsibleGroup(group) && only !== undefined) {
            return (
              <Nav.Item key={group.id}>
                <Nav.Link as={NavLink} to={only.page.path} end onClick={(event) => onEntryClick(only.page, event)}>
                  {group.label}
                </Nav.Link>
              </Nav.Item>
            );
          }
          return (
            <NavDropdown key={group.id} title={group.label} id={`topnav-${group.id}`}>
              {group.entries.map((entry) => (
                <NavDropdown.Item
                  key={entry.name}
                  as={NavLink}
                  to={entry.page.path}
                  end
                  onClick={(event: MouseEvent<HTMLElement>) => onEntryClick(entry.page, event)}
                >
                  {entry.page.title}
                </NavDropdown.Item>
              ))}
            </NavDropdown>
          );
        })}
      </Nav>
    </nav>
  );
}
