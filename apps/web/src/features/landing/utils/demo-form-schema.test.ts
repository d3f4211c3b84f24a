import { describe, expect, it } from 'vitest';
import { demoFormSchema, internationalMobile } from './demo-form-schema';

describe('demo form', () => {
  it('reads a ten-digit Indian mobile, with or without 0 or 91, as +91', () => {
    expect(internationalMobile('98765 43210')).toBe('+919876543210');
    expect(internationalMobile('098765-43210')).toBe('+919876543210');
    expect(internationalMobile('+91 98765 43210')).toBe('+919876543210');
    expect(internationalMobile('+44 20 7946 0958')).toBe('+442079460958');
  });

  it("refuses what the server would refuse, in the server's words", () => {
    const result = demoFormSchema.safeParse({ name: ' ', email: 'nobody', mobile: '123', message: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['name', 'Name is required'],
      ['email', 'Enter a valid Email address'],
      ['mobile', 'Enter a valid number'],
    ]);
  });
});
