import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import {
  createSecretBox,
  generateSecretKey,
  keyRingOf,
  loadSecretKeyRing,
  parseSecretKey,
  SECRET_KEY_FILE,
  SecretBoxError,
  writeSecretKeyFile,
} from './secret-box';

const CANARY = 'canary-api-secret-7f3a9c';
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fnodesk-secret-box-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('secret box', () => {
  it('opens what it sealed, and the sealed form holds neither the value nor the key', () => {
    const key = generateSecretKey();
    const box = createSecretBox(() => keyRingOf([key]));
    const sealed = box.seal(CANARY, 'broker_accounts:1:secret');
    expect(sealed).not.toContain(CANARY);
    expect(sealed).not.toContain(key);
    expect(sealed.split('.')[0]).toBe('v1');
    expect(box.keyIdOf(sealed)).toBe(box.currentKeyId());
    expect(box.open(sealed, 'broker_accounts:1:secret')).toBe(CANARY);
  });

  it('uses a fresh IV every time, so equal secrets do not look equal at rest', () => {
    const box = createSecretBox(() => keyRingOf([generateSecretKey()]));
    expect(box.seal(CANARY, 'c')).not.toBe(box.seal(CANARY, 'c'));
  });

  it('refuses a tampered ciphertext, tag or IV', () => {
    const box = createSecretBox(() => keyRingOf([generateSecretKey()]));
    const sealed = box.seal(CANARY, 'ctx');
    const [v, kid, iv, tag, ct] = sealed.split('.') as [string, string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [
      [v, kid, iv, tag, flip(ct)],
      [v, kid, iv, flip(tag), ct],
      [v, kid, flip(iv), tag, ct],
    ]) {
      expect(() => box.open(tampered.join('.'), 'ctx')).toThrow(SecretBoxError);
    }
    expect(() => box.open('not-sealed', 'ctx')).toThrow(SecretBoxError);
  });

  it('refuses a value moved to another row or field (the context is authenticated)', () => {
    const box = createSecretBox(() => keyRingOf([generateSecretKey()]));
    const sealed = box.seal(CANARY, 'broker_accounts:1:secret');
    expect(() => box.open(sealed, 'broker_accounts:2:secret')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'broker_accounts:1:totpSecret')).toThrow(SecretBoxError);
  });

  it('keeps old keys readable during a rotation and seals under the new one', () => {
    const oldKey = generateSecretKey();
    const newKey = generateSecretKey();
    const before = createSecretBox(() => keyRingOf([oldKey]));
    const sealedOld = before.seal(CANARY, 'ctx');
    const after = createSecretBox(() => keyRingOf([newKey, oldKey]));
    expect(after.open(sealedOld, 'ctx')).toBe(CANARY);
    const resealed = after.seal(after.open(sealedOld, 'ctx'), 'ctx');
    expect(after.keyIdOf(resealed)).toBe(after.currentKeyId());
    expect(after.keyIdOf(resealed)).not.toBe(after.keyIdOf(sealedOld));
    // Once the old key is dropped, only re-sealed values open.
    const dropped = createSecretBox(() => keyRingOf([newKey]));
    expect(dropped.open(resealed, 'ctx')).toBe(CANARY);
    expect(() => dropped.open(sealedOld, 'ctx')).toThrow(SecretBoxError);
  });

  it('reloads its keys when a value names a key it does not have (the key file was rotated meanwhile)', () => {
    const dir = tempDir();
    const source = { secretsKey: undefined, previousKeys: [], dataDir: dir };
    const running = createSecretBox(() => loadSecretKeyRing(source));
    const sealedOld = running.seal(CANARY, 'ctx');
    const oldKeys = readFileSync(join(dir, SECRET_KEY_FILE), 'utf8').trim().split('\n');
    writeSecretKeyFile(dir, [generateSecretKey(), ...oldKeys]);
    const rotator = createSecretBox(() => loadSecretKeyRing(source));
    const sealedNew = rotator.seal(CANARY, 'ctx');
    expect(running.open(sealedNew, 'ctx')).toBe(CANARY);
    expect(running.open(sealedOld, 'ctx')).toBe(CANARY);
    expect(running.currentKeyId()).toBe(rotator.currentKeyId());
  });

  it('generates the key file once, readable by the owner only, and reuses it', () => {
    const dir = tempDir();
    const source = { secretsKey: undefined, previousKeys: [], dataDir: dir };
    const first = loadSecretKeyRing(source);
    expect(statSync(join(dir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadSecretKeyRing(source).current).toBe(first.current);
  });

  it('prefers SECRETS_KEY and never writes a key file then', () => {
    const dir = tempDir();
    const key = generateSecretKey();
    const previous = generateSecretKey();
    const ring = loadSecretKeyRing({ secretsKey: key, previousKeys: [previous], dataDir: dir });
    expect(ring.keys.size).toBe(2);
    expect(ring.current).toBe(keyRingOf([key]).current);
    expect(() => statSync(join(dir, SECRET_KEY_FILE))).toThrow();
  });

  it('refuses a key that is not 32 bytes of base64', () => {
    expect(() => parseSecretKey(Buffer.alloc(16).toString('base64'))).toThrow(SecretBoxError);
    expect(() => parseSecretKey('not base64!')).toThrow(SecretBoxError);
    expect(parseSecretKey(generateSecretKey())).toHaveLength(32);
  });

  it('signs data per purpose and checks it under any key of the ring', () => {
    const oldKey = generateSecretKey();
    const before = createSecretBox(() => keyRingOf([oldKey]));
    const signature = before.sign('broker-login-state', 'u1|a1');
    expect(before.verify('broker-login-state', 'u1|a1', signature)).toBe(true);
    expect(before.verify('broker-login-state', 'u2|a1', signature)).toBe(false);
    expect(before.verify('another-purpose', 'u1|a1', signature)).toBe(false);
    expect(before.verify('broker-login-state', 'u1|a1', `${signature}x`)).toBe(false);
    expect(before.verify('broker-login-state', 'u1|a1', 'kunknown.AAAA')).toBe(false);
    const after = createSecretBox(() => keyRingOf([generateSecretKey(), oldKey]));
    expect(after.verify('broker-login-state', 'u1|a1', signature)).toBe(true);
  });

  it('is configured only with 32-byte base64 keys, naming the variable otherwise', () => {
    const key = generateSecretKey();
    const config = loadConfig({ SECRETS_KEY: key, SECRETS_PREVIOUS_KEYS: generateSecretKey() });
    expect(config.secrets.key).toBe(key);
    expect(config.secrets.previousKeys).toHaveLength(1);
    expect(() => loadConfig({ SECRETS_KEY: 'c2hvcnQ=' })).toThrow(ConfigError);
    expect(() => loadConfig({ SECRETS_KEY: 'c2hvcnQ=' })).toThrow(/SECRETS_KEY/);
    expect(() => loadConfig({ SECRETS_PREVIOUS_KEYS: `${key},nope` })).toThrow(/SECRETS_PREVIOUS_KEYS/);
    expect(loadConfig({}).secrets).toEqual({ key: undefined, previousKeys: [] });
  });

  it('reads the platform partner apps of the partner-login brokers, refusing a malformed entry without echoing it', () => {
    const config = loadConfig({ BROKER_PARTNER_APPS: 'fyers=APP-100:fyers-secret,angelone=ang-key' });
    expect(config.brokerPartnerApps).toEqual({
      fyers: { apiKey: 'APP-100', apiSecret: 'fyers-secret' },
      angelone: { apiKey: 'ang-key' },
    });
    expect(() => loadConfig({ BROKER_PARTNER_APPS: 'zerodha=leaky-key' })).toThrow(/BROKER_PARTNER_APPS/);
    expect(() => loadConfig({ BROKER_PARTNER_APPS: 'zerodha=leaky-key' })).not.toThrow(/leaky-key/);
  });
});
