import { describe, expect, it } from 'vitest';
import {
  BROKER_CAROUSEL_INTERVAL_MS,
  BROKER_CAROUSEL_TRANSITION_MS,
  brokersPerView,
  SLIDESHOW_INTERVAL_MS,
  SLIDESHOW_TRANSITION_MS,
} from './carousel-timings';

describe('landing timings', () => {
  it('shows 4 brokers, 3 below 1024 px and 1 below 600 px', () => {
    expect(brokersPerView(1400)).toBe(4);
    expect(brokersPerView(1024)).toBe(4);
    expect(brokersPerView(1023)).toBe(3);
    expect(brokersPerView(800)).toBe(3);
    expect(brokersPerView(600)).toBe(3);
    expect(brokersPerView(599)).toBe(1);
    expect(brokersPerView(375)).toBe(1);
  });

  it('moves the brokers every 2 s over 1 s and the slideshow every 3 s over 600 ms', () => {
    expect([BROKER_CAROUSEL_INTERVAL_MS, BROKER_CAROUSEL_TRANSITION_MS]).toEqual([2000, 1000]);
    expect([SLIDESHOW_INTERVAL_MS, SLIDESHOW_TRANSITION_MS]).toEqual([3000, 600]);
  });
});
