import { createFakeClock } from '@fnodesk/domain';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCarousel, type CarouselOptions } from './use-carousel';

function renderCarousel(overrides: Partial<CarouselOptions> = {}) {
  const clock = createFakeClock(0);
  const options: CarouselOptions = {
    count: 5,
    perView: 2,
    intervalMs: 2000,
    transitionMs: 1000,
    paused: false,
    clock,
    ...overrides,
  };
  const hook = renderHook((props: CarouselOptions) => useCarousel(props), { initialProps: options });
  return { ...hook, clock, options };
}

describe('useCarousel', () => {
  it('moves one slide every interval, animated', () => {
    const { result, clock } = renderCarousel();

    act(() => clock.advance(1999));
    expect(result.current.position).toBe(0);
    act(() => clock.advance(1));
    expect(result.current).toMatchObject({ position: 1, animate: true, current: 1 });
  });

  it('slides onto the copy of the first slide, then jumps back to it without animation once the move is done', () => {
    const { result, clock } = renderCarousel();

    act(() => clock.advance(5 * 2000));
    expect(result.current).toMatchObject({ position: 5, animate: true, current: 0 });
    act(() => clock.advance(1000));
    expect(result.current).toMatchObject({ position: 0, animate: false, current: 0 });
    act(() => clock.advance(1000));
    expect(result.current).toMatchObject({ position: 1, animate: true });
  });

  it('stands still while paused and when every slide fits the view', () => {
    const paused = renderCarousel({ paused: true });
    act(() => paused.clock.advance(10_000));
    expect(paused.result.current.position).toBe(0);

    const fits = renderCarousel({ count: 3, perView: 4 });
    act(() => fits.clock.advance(10_000));
    expect(fits.result.current.position).toBe(0);
  });

  it('steps by hand both ways, wrapping backwards from the first slide', () => {
    const { result } = renderCarousel({ paused: true });

    act(() => result.current.previous());
    expect(result.current.current).toBe(4);
    act(() => result.current.next());
    expect(result.current.position).toBe(5);
    act(() => result.current.goTo(2));
    expect(result.current.position).toBe(2);
  });
});
