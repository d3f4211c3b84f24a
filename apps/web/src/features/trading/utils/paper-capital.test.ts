import { describe, expect, it } from 'vitest';
import { capitalOf } from './paper-capital';

describe('the virtual capital typed for a paper reset', () => {
  it('reads whole rupees with or without the rupee mark and Indian grouping', () => {
    expect(capitalOf('1000000')).toBe(1_000_000);
    expect(capitalOf('₹10,00,000')).toBe(1_000_000);
    expect(capitalOf(' 5,00,000 ')).toBe(500_000);
  });

  it('refuses paise, signs, words and amounts outside ₹10,000 to ₹100 crore', () => {
    for (const text of ['', '12.5', '-50000', 'ten lakh', '9999', '1000000001']) expect(capitalOf(text)).toBeNull();
    expect(capitalOf('10000')).toBe(10_000);
    expect(capitalOf('1000000000')).toBe(1_000_000_000);
  });
});
