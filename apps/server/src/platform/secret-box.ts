import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Encryption at rest for the secrets the server must be able to read back (broker API secrets, TOTP seeds, access
 * tokens): AES-256-GCM with a random 96-bit IV per value and its 128-bit tag. Every sealed value names the key it was
 * sealed under, so old keys stay readable during a rotation and a row can be re-sealed under a new key at any time.
 *
 * Sealed form: `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts). The `context` given to `seal` and `open`
 * (table, row id and field) is bound as additional authenticated data, so a value copied into another row or field
 * does not open.
 */

/** Length of a key: AES-256. */
export const SECRET_KEY_BYTES = 32;
/** Name of the generated key file under `DATA_DIR`. */
export const SECRET_KEY_FILE = 'secret.key';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A value could not be sealed or opened: unknown key, malformed, or tampered with. Never carries the value. */
export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** The keys a process can use: `current` seals, every key in `keys` opens. */
export interface SecretKeyRing {
  readonly current: string;
  readonly keys: ReadonlyMap<string, Buffer>;
}

/** Seals and opens secrets. */
export interface SecretBox {
  /** Id of the key new values are sealed under. */
  currentKeyId(): string;
  /** Seals `plain`, bound to `context` (e.g. `broker_accounts:<id>:secret`). */
  seal(plain: string, context: string): string;
  /** Opens a sealed value with the same `context`; throws {@link SecretBoxError} when it cannot. */
  open(sealed: string, context: string): string;
  /** Id of the key a sealed value was sealed under. */
  keyIdOf(sealed: string): string;
  /**
   * A MAC of `data` for one `purpose` (`<keyId>.<tag>`), under a key derived from the current secrets key, so signed
   * tokens need no key of their own and follow a rotation.
   */
  sign(purpose: string, data: string): string;
  /** Whether `signature` is `sign(purpose, data)` under any key of the ring (constant-time compare). */
  verify(purpose: string, data: string, signature: string): boolean;
}

/** A key's id: the first 16 hex digits of its SHA-256 (says nothing usable about a 256-bit random key). */
export function keyIdOf(key: Buffer): string {
  return `k${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

/** Decodes a base64 key, refusing anything but 32 bytes. */
export function parseSecretKey(base64: string): Buffer {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== SECRET_KEY_BYTES || key.toString('base64') !== base64.trim()) {
    throw new SecretBoxError(`expected a base64 key of ${SECRET_KEY_BYTES} bytes`);
  }
  return key;
}

/** A new random key, base64. */
export function generateSecretKey(): string {
  return randomBytes(SECRET_KEY_BYTES).toString('base64');
}

/** A key ring from base64 keys, the first one current. */
export function keyRingOf(base64Keys: readonly string[]): SecretKeyRing {
  const [first] = base64Keys;
  if (first === undefined) throw new SecretBoxError('no secrets key');
  const keys = new Map<string, Buffer>();
  for (const b64 of base64Keys) {
    const key = parseSecretKey(b64);
    keys.set(keyIdOf(key), key);
  }
  return { current: keyIdOf(parseSecretKey(first)), keys };
}

/** Where the keys come from: `SECRETS_KEY` (+ previous keys) when set, else the key file under `DATA_DIR`. */
export interface SecretKeySource {
  readonly secretsKey: string | undefined;
  readonly previousKeys: readonly string[];
  readonly dataDir: string;
}

/** Reads the key file's keys (current first), or undefined when there is none. */
export function readSecretKeyFile(dataDir: string): string[] | undefined {
  try {
    return readFileSync(join(dataDir, SECRET_KEY_FILE), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes the key file (current key first) atomically, readable by the owner only. */
export function writeSecretKeyFile(dataDir: string, base64Keys: readonly string[]): void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SECRET_KEY_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${base64Keys.join('\n')}\n`, { mode: 0o600, flag: 'w' });
  renameSync(temporary, file);
}

/**
 * Loads the key ring: `SECRETS_KEY` first with the previous keys after it; without it, the key file under `dataDir`,
 * generated once (mode 0600) when missing. A racing process that created the file first wins.
 */
export function loadSecretKeyRing(source: SecretKeySource): SecretKeyRing {
  if (source.secretsKey !== undefined) return keyRingOf([source.secretsKey, ...source.previousKeys]);
  const stored = readSecretKeyFile(source.dataDir);
  if (stored !== undefined && stored.length > 0) return keyRingOf([...stored, ...source.previousKeys]);
  mkdirSync(source.dataDir, { recursive: true });
  const key = generateSecretKey();
  try {
    writeFileSync(join(source.dataDir, SECRET_KEY_FILE), `${key}\n`, { mode: 0o600, flag: 'wx' });
    return keyRingOf([key, ...source.previousKeys]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return keyRingOf([...(readSecretKeyFile(source.dataDir) ?? []), ...source.previousKeys]);
  }
}

function b64url(buffer: Buffer): string {
  return buffer.toString('base64url');
}

function parts(sealed: string): { keyId: string; iv: Buffer; tag: Buffer; ciphertext: Buffer } {
  const [version, keyId, iv, tag, ciphertext, extra] = sealed.split('.');
  if (version !== VERSION || !keyId || iv === undefined || tag === undefined || ciphertext === undefined || extra) {
    throw new SecretBoxError('not a sealed value');
  }
  const decoded = {
    keyId,
    iv: Buffer.from(iv, 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
    ciphertext: Buffer.from(ciphertext, 'base64url'),
  };
  if (decoded.iv.length !== IV_BYTES || decoded.tag.length !== TAG_BYTES)
    throw new SecretBoxError('not a sealed value');
  return decoded;
}

/**
 * A secret box over a key ring. `load` is called on first use and again when a value names a key the ring lacks
 * (another process rotated the key file), so a running server picks up a rotation without a restart.
 */
export function createSecretBox(load: () => SecretKeyRing): SecretBox {
  let ring: SecretKeyRing | undefined;
  const current = (): SecretKeyRing => (ring ??= load());

  const keyFor = (keyId: string): Buffer => {
    let key = current().keys.get(keyId);
    if (!key) {
      ring = load();
      key = ring.keys.get(keyId);
    }
    if (!key) throw new SecretBoxError(`no key ${keyId} to open a sealed value`);
    return key;
  };

  const macOf = (key: Buffer, purpose: string, data: string): Buffer => {
    // A per-purpose key derived from the secrets key: a MAC can never be confused with the encryption key's use.
    const derived = createHmac('sha256', key).update(`fnodesk:${purpose}`).digest();
    return createHmac('sha256', derived).update(data, 'utf8').digest().subarray(0, 16);
  };

  return {
    currentKeyId: () => current().current,
    sign(purpose, data) {
      const keyId = current().current;
      return `${keyId}.${b64url(macOf(keyFor(keyId), purpose, data))}`;
    },
    verify(purpose, data, signature) {
      const [keyId, tag, extra] = signature.split('.');
      if (!keyId || !tag || extra !== undefined) return false;
      let key: Buffer;
      try {
        key = keyFor(keyId);
      } catch {
        return false;
      }
      const given = Buffer.from(tag, 'base64url');
      const expected = macOf(key, purpose, data);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    seal(plain, context) {
      const keyId = current().current;
      const key = keyFor(keyId);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, keyId, b64url(iv), b64url(cipher.getAuthTag()), b64url(ciphertext)].join('.');
    },
    open(sealed, context) {
      const { keyId, iv, tag, ciphertext } = parts(sealed);
      const decipher = createDecipheriv('aes-256-gcm', keyFor(keyId), iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('a sealed value failed its integrity check');
      }
    },
    keyIdOf: (sealed) => parts(sealed).keyId,
  };
}
