import { createHmac, randomBytes } from 'node:crypto';

/**
 * Time-based one-time passwords, RFC 6238 over RFC 4226's HOTP: HMAC-SHA1 of the 30-second step counter, dynamic
 * truncation, 6 digits (what every authenticator app shows by default).
 */
export const TOTP_STEP_SECONDS = 30;
/** Digits of a code. */
export const TOTP_DIGITS = 6;
/** Steps either side of now a code is accepted in: clocks of phones drift, and people type slowly. */
export const TOTP_WINDOW = 1;
/** Bytes of a new seed: 160 bits, the HMAC-SHA1 key length RFC 4226 recommends. */
export const TOTP_SEED_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (how authenticator apps take a seed). */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes RFC 4648 base32 (padding, spaces and case ignored); throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const c of clean) {
    const index = BASE32.indexOf(c);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random seed. */
export function newTotpSeed(): Buffer {
  return randomBytes(TOTP_SEED_BYTES);
}

/** The HOTP value of `key` at `counter` (RFC 4226 §5.3), `digits` long with leading zeros. */
export function hotp(key: Buffer, counter: number, digits: number = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of an instant (epoch ms). */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);
}

/** The TOTP code of `key` at `atMs` (RFC 6238 with T0 = 0). */
export function totpCode(key: Buffer, atMs: number, digits: number = TOTP_DIGITS): string {
  return hotp(key, totpStep(atMs), digits);
}

/**
 * The step whose code `code` is, within {@link TOTP_WINDOW} steps of `atMs` and after `lastUsedStep` (a code, once
 * used, never counts again, nor does any older one); undefined when it matches none.
 */
export function matchTotp(key: Buffer, code: string, atMs: number, lastUsedStep: number | null): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const now = totpStep(atMs);
  let found: number | undefined;
  // Every step in the window is computed, whether or not an earlier one matched, so timing tells nothing.
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step += 1) {
    if (hotp(key, step) === code && (lastUsedStep === null || step > lastUsedStep) && found === undefined) {
      found = step;
    }
  }
  return found;
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function otpauthUri(options: { issuer: string; account: string; seed: Buffer }): string {
  const label = `${encodeURIComponent(options.issuer)}:${encodeURIComponent(options.account)}`;
  const params = new URLSearchParams({
    secret: base32Encode(options.seed),
    issuer: options.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
