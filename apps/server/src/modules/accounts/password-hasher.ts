import { hash, verify } from '@node-rs/argon2';

/** Hashes and checks passwords. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

// The library's `Algorithm` is an ambient const enum, which isolated modules cannot read; 2 is its Argon2id.
const ARGON2ID = 2;

/** argon2id parameters: OWASP's minimum of 19 MiB memory, 2 passes, 1 lane. */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** argon2id via @node-rs/argon2 (prebuilt, runs on the libuv pool so the event loop stays free). */
export function createArgon2Hasher(params: typeof ARGON2_PARAMS = ARGON2_PARAMS): PasswordHasher {
  return {
    hash: (password) => hash(password, { algorithm: ARGON2ID, ...params }),
    async verify(stored, password) {
      try {
        return await verify(stored, password);
      } catch {
        // A malformed stored hash is a failed check, never a crash of the login route.
        return false;
      }
    },
  };
}
