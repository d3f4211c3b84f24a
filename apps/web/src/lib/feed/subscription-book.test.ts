import { describe, expect, it } from 'vitest';
import { SubscriptionBook, widerFeedMode } from './subscription-book';

describe('SubscriptionBook', () => {
  it('holds a token until each of its holders releases it', () => {
    const book = new SubscriptionBook();
    book.add([1, 2], 'ltp', 100);
    book.add([1], 'ltp', 200);
    expect(book.remove([1, 2], 'ltp')).toEqual([2]);
    expect(book.modeOf(1)).toBe('ltp');
    expect(book.heldSince(1)).toBe(100);
    expect(book.remove([1], 'ltp')).toEqual([1]);
    expect(book.size).toBe(0);
  });

  it('reports the widest mode held and narrows when the wider holder leaves', () => {
    const book = new SubscriptionBook();
    book.add([5], 'ltp', 0);
    book.add([5], 'full', 0);
    expect(book.modeOf(5)).toBe('full');
    book.remove([5], 'full');
    expect(book.modeOf(5)).toBe('ltp');
  });

  it('ignores a release in a mode that was never held', () => {
    const book = new SubscriptionBook();
    book.add([5], 'ltp', 0);
    expect(book.remove([5], 'quote')).toEqual([]);
    expect(book.modeOf(5)).toBe('ltp');
  });

  it('orders modes ltp < quote < full', () => {
    expect(widerFeedMode('ltp', 'quote')).toBe('quote');
    expect(widerFeedMode('full', 'quote')).toBe('full');
  });
});
