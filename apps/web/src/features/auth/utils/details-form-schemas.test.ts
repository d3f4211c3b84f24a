import { describe, expect, it } from 'vitest';
import { profileFormSchema, registerFormSchema } from './details-form-schemas';

const VALID = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  mobile: '+919876543210',
  password: 'a-long-passphrase',
  confirmPassword: 'a-long-passphrase',
  isAccepted: true,
};

function messages(result: ReturnType<ReturnType<typeof registerFormSchema>['safeParse']>): string[] {
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('registerFormSchema', () => {
  it('accepts a complete registration', () => {
    expect(registerFormSchema(false).safeParse(VALID).success).toBe(true);
  });

  it('requires the terms and privacy policy to be accepted', () => {
    expect(messages(registerFormSchema(false).safeParse({ ...VALID, isAccepted: false }))).toEqual([
      'You have not accept the terms and privacy policy',
    ]);
  });

  it('checks the number against its country', () => {
    expect(messages(registerFormSchema(false).safeParse({ ...VALID, mobile: '+91123' }))).toEqual([
      'Enter a valid number',
    ]);
    expect(registerFormSchema(false).safeParse({ ...VALID, mobile: '+14155552671' }).success).toBe(true);
  });

  it('refuses a fixed-line number as a WhatsApp number (an Indian landline pattern)', () => {
    expect(messages(registerFormSchema(false).safeParse({ ...VALID, mobile: '+915123456789' }))).toEqual([
      'Enter a valid number',
    ]);
    const landline = profileFormSchema.safeParse({ ...VALID, mobile: '+912226543210' });
    expect(landline.success ? [] : landline.error.issues.map((issue) => issue.message)).toEqual([
      'Enter a valid number',
    ]);
    expect(profileFormSchema.safeParse({ ...VALID, mobile: '+447911123456' }).success).toBe(true);
  });

  it('skips the password checks for a Google registration', () => {
    const google = { ...VALID, password: '', confirmPassword: '' };

    expect(registerFormSchema(true).safeParse(google).success).toBe(true);
    expect(messages(registerFormSchema(false).safeParse(google))[0]).toBe('Enter a valid Password');
  });
});
