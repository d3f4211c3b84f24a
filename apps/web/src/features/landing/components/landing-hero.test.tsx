import { createFakeClock } from '@fnodesk/domain';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HERO_WORD_INTERVAL_MS, HERO_WORDS } from './hero-words';
import { LandingHero } from './landing-hero';

describe('LandingHero', () => {
  it('rotates Stocks, Futures, Options, Commodities and USDINR in the headline', () => {
    const clock = createFakeClock(0);
    render(<LandingHero clock={clock} />);

    const seen: string[] = [];
    for (let i = 0; i < HERO_WORDS.length; i += 1) {
      seen.push(screen.getByRole('heading', { level: 1 }).textContent ?? '');
      act(() => clock.advance(HERO_WORD_INTERVAL_MS));
    }

    expect(seen).toEqual([
      'Discover Opportunities and Trade Stocks',
      'Discover Opportunities and Trade Futures',
      'Discover Opportunities and Trade Options',
      'Discover Opportunities and Trade Commodities',
      'Discover Opportunities and Trade USDINR',
    ]);
  });
});
