import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpCode, totpStep } from './totp';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890", codes have 8 digits.
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');

describe('RFC 6238 TOTP', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('the SHA-1 test vector at T = %i s is %s', (seconds, code) => {
    expect(totpCode(RFC_SEED, seconds * 1000, 8)).toBe(code);
  });

  it('matches the RFC 4226 HOTP vectors with 6 digits', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_SEED, counter))).toEqual(expected);
  });

  it('accepts the codes one step either side of now, and no further', () => {
    const at = 1_111_111_111_000;
    const step = totpStep(at);
    for (const offset of [-1, 0, 1]) {
      expect(matchTotp(RFC_SEED, hotp(RFC_SEED, step + offset), at, null)).toBe(step + offset);
    }
    for (const offset of [-2, 2]) expect(matchTotp(RFC_SEED, hotp(RFC_SEED, step + offset), at, null)).toBeUndefined();
  });

  it('never accepts a code of a step already used, nor an older one', () => {
    const at = 1_111_111_111_000;
    const step = totpStep(at);
    expect(matchTotp(RFC_SEED, hotp(RFC_SEED, step), at, step)).toBeUndefined();
    expect(matchTotp(RFC_SEED, hotp(RFC_SEED, step - 1), at, step - 1)).toBeUndefined();
    expect(matchTotp(RFC_SEED, hotp(RFC_SEED, step + 1), at, step)).toBe(step + 1);
  });

  it('refuses anything but six digits', () => {
    expect(matchTotp(RFC_SEED, '12345', 0, null)).toBeUndefined();
    expect(matchTotp(RFC_SEED, '12345a', 0, null)).toBeUndefined();
  });
});

describe('base32 and the otpauth URI', () => {
  it('round-trips and matches the RFC 4648 examples', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi').toString()).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow();
  });

  it('names the issuer and the account and carries the seed in base32', () => {
    const uri = otpauthUri({ issuer: 'FNO Desk', account: 'asha@example.in', seed: Buffer.from('foobar') });
    expect(uri).toBe(
      'otpauth://totp/FNO%20Desk:asha%40example.in?secret=MZXW6YTBOI&issuer=FNO+Desk&algorithm=SHA1&digits=6&period=30',
    );
  });
});
