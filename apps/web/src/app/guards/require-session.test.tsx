import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { LAST_PAGE_STORAGE_KEY } from '../../lib/remembered-navigation';
import { clearSession, writeSession } from '../../lib/session-storage';
import { paths } from '../paths';
import { RequireSession } from './require-session';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { element: <RequireSession />, children: [{ path: paths.profile, element: <p>profile page</p> }] },
      { path: paths.landing, element: <p>landing page</p> },
      { path: paths.login, element: <p>login page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => window.localStorage.clear());

describe('RequireSession', () => {
  it('sends a signed-out visitor to /landing', async () => {
    const router = renderAt(paths.profile);

    expect(await screen.findByText('landing page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.landing);
  });

  it('shows the page to a signed-in user and remembers it for the next login', () => {
    writeSession({ userID: 'u-1', loginSecret: 's' });
    renderAt(`${paths.profile}?tab=activity`);

    expect(screen.getByText('profile page')).toBeInTheDocument();
    expect(window.localStorage.getItem(LAST_PAGE_STORAGE_KEY)).toBe('/profile?tab=activity');
  });

  it('goes to login when the session ends while the page is open', async () => {
    writeSession({ userID: 'u-1', loginSecret: 's' });
    const router = renderAt(paths.profile);

    act(() => clearSession());

    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);
  });
});
