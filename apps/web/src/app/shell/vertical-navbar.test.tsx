import { createFakeClock } from '@fnodesk/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SIDEBAR_HOVER_DELAY_MS, VerticalNavbar } from './vertical-navbar';

function renderNavbar(collapsed: boolean, onToggleCollapsed = vi.fn()) {
  const clock = createFakeClock(0);
  render(
    <VerticalNavbar
      brand={<span>brand</span>}
      navbarStyle="card"
      collapsed={collapsed}
      onToggleCollapsed={onToggleCollapsed}
      clock={clock}
    >
      <a href="/x">entry</a>
    </VerticalNavbar>,
  );
  return { clock, aside: screen.getByRole('complementary'), onToggleCollapsed };
}

describe('VerticalNavbar', () => {
  it('expands a collapsed navigation once the pointer has rested on it for 100 ms', () => {
    const { clock, aside } = renderNavbar(true);

    fireEvent.mouseEnter(aside);
    act(() => clock.advance(SIDEBAR_HOVER_DELAY_MS - 1));
    expect(aside).toHaveAttribute('data-expanded', 'false');
    act(() => clock.advance(1));
    expect(aside).toHaveAttribute('data-expanded', 'true');

    fireEvent.mouseLeave(aside);
    expect(aside).toHaveAttribute('data-expanded', 'false');
  });

  it('does not expand when the pointer only passes over it', () => {
    const { clock, aside } = renderNavbar(true);

    fireEvent.mouseEnter(aside);
    act(() => clock.advance(50));
    fireEvent.mouseLeave(aside);
    act(() => clock.advance(200));

    expect(aside).toHaveAttribute('data-expanded', 'false');
  });

  it('carries the chosen style and says what its toggle does', async () => {
    const user = userEvent.setup();
    const { aside, onToggleCollapsed } = renderNavbar(false);

    expect(aside).toHaveClass('navbar-vertical-card');
    await user.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    expect(onToggleCollapsed).toHaveBeenCalledTimes(1);
  });
});
