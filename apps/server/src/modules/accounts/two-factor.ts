import { createHash, randomBytes } from 'node:crypto';
import type { TotpSetup } from '@fnodesk/contracts';
import type { Clock } from '@fnodesk/domain';
import { AppError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import type { AccountsRepository, UserRow } from './accounts.repository';
import { base32Decode, base32Encode, matchTotp, newTotpSeed, otpauthUri } from './totp';

/** How many recovery codes a user gets when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;

/** Texts of two-factor sign-in that people read. */
export const TWO_FACTOR_TEXT = {
  alreadyOn: 'Two-factor sign-in is already on.',
  notStarted: 'Start setting up two-factor sign-in again: no new key is waiting for a code.',
} as const;

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A recovery code: 10 characters (50 bits) without look-alikes, shown as `XXXXX-XXXXX`. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b & 31] ?? 'A').join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

function recoveryHash(code: string): string {
  const normal = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return createHash('sha256').update(normal).digest('hex');
}

/** The sealing context of a user's seed: bound to the row and field, as broker secrets are. */
export function contextOf(userId: string, field: 'totpSecret' | 'totpPending'): string {
  return `users:${userId}:${field}`;
}

/**
 * Two-factor sign-in with TOTP (RFC 6238): the seed is sealed with the secrets key like broker secrets, a code is
 * accepted once (the last accepted step is kept), and 10 single-use recovery codes are stored as hashes.
 */
export function createTwoFactor(deps: {
  repository: AccountsRepository;
  box: SecretBox;
  clock: Clock;
  issuer: string;
}) {
  const { repository, box, clock } = deps;
  const now = () => new Date(clock.now());
  const seedOf = (user: UserRow, sealed: string, field: 'totpSecret' | 'totpPending') =>
    base32Decode(box.open(sealed, contextOf(user.id, field)));

  return {
    /** Whether the user signs in with a second factor. */
    isOn(user: UserRow): boolean {
      return user.totpEnabledAt !== null && user.totpSecretSealed !== null;
    },

    /** A new seed for the user to add to an authenticator app; it counts only once confirmed with a code. */
    async begin(user: UserRow): Promise<TotpSetup> {
      if (this.isOn(user)) throw new AppError('TOTP_ALREADY_ENABLED', TWO_FACTOR_TEXT.alreadyOn);
      const seed = newTotpSeed();
      const secret = base32Encode(seed);
      await repository.updateUser(
        user.id,
        { totpPendingSealed: box.seal(secret, contextOf(user.id, 'totpPending')) },
        now(),
      );
      return { secret, otpauthUrl: otpauthUri({ issuer: deps.issuer, account: user.email, seed }) };
    },

    /**
     * Turns two-factor sign-in on when `code` matches the seed being set up; returns the recovery codes (shown once),
     * or undefined for a wrong code.
     */
    async confirm(user: UserRow, code: string): Promise<string[] | undefined> {
      if (this.isOn(user)) throw new AppError('TOTP_ALREADY_ENABLED', TWO_FACTOR_TEXT.alreadyOn);
      if (user.totpPendingSealed === null) throw new AppError('TOTP_NOT_STARTED', TWO_FACTOR_TEXT.notStarted);
      const seed = seedOf(user, user.totpPendingSealed, 'totpPending');
      const step = matchTotp(seed, code.trim(), clock.now(), null);
      if (step === undefined) return undefined;
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const at = now();
      await repository.updateUser(
        user.id,
        {
          totpSecretSealed: box.seal(base32Encode(seed), contextOf(user.id, 'totpSecret')),
          totpPendingSealed: null,
          totpEnabledAt: at,
          totpLastStep: step,
        },
        at,
      );
      await repository.replaceRecoveryCodes(user.id, codes.map(recoveryHash), at);
      return codes;
    },

    /**
     * Whether `code` is the user's current TOTP code (not used before) or an unused recovery code; either is
     * spent by this call.
     */
    async verify(user: UserRow, code: string): Promise<boolean> {
      if (!this.isOn(user) || user.totpSecretSealed === null) return false;
      const typed = code.replace(/\s/g, '');
      if (/^\d{6}$/.test(typed)) {
        const step = matchTotp(
          seedOf(user, user.totpSecretSealed, 'totpSecret'),
          typed,
          clock.now(),
          user.totpLastStep,
        );
        return step !== undefined && (await repository.claimTotpStep(user.id, step));
      }
      return repository.consumeRecoveryCode(user.id, recoveryHash(typed), now());
    },

    /** Turns two-factor sign-in off and forgets the seed and the recovery codes. */
    async turnOff(user: UserRow): Promise<void> {
      const at = now();
      await repository.updateUser(
        user.id,
        { totpSecretSealed: null, totpPendingSealed: null, totpEnabledAt: null, totpLastStep: null },
        at,
      );
      await repository.replaceRecoveryCodes(user.id, [], at);
    },
  };
}

/** Two-factor sign-in's interface. */
export type TwoFactor = ReturnType<typeof createTwoFactor>;

/**
 * Re-seals every TOTP seed under the box's current key (run with the broker secrets by `npm run secrets:rotate`), so
 * older keys can be dropped without locking anyone out of two-factor sign-in. A row changed meanwhile is skipped and
 * counted in `remaining`; running again finishes it.
 */
export async function rotateTotpSeeds(
  repository: Pick<AccountsRepository, 'sealedSeedsPage' | 'resealSeedsIfUnchanged'>,
  box: SecretBox,
  pageSize = 500,
): Promise<{ users: number; resealed: number; remaining: number }> {
  const current = box.currentKeyId();
  const again = (sealed: string | null, context: string): string | null =>
    sealed === null || box.keyIdOf(sealed) === current ? sealed : box.seal(box.open(sealed, context), context);
  let usersRead = 0;
  let resealed = 0;
  let remaining = 0;
  let after: string | null = null;
  for (;;) {
    const page = await repository.sealedSeedsPage(after, pageSize);
    if (page.length === 0) break;
    for (const row of page) {
      usersRead += 1;
      const next = {
        totpSecretSealed: again(row.totpSecretSealed, contextOf(row.id, 'totpSecret')),
        totpPendingSealed: again(row.totpPendingSealed, contextOf(row.id, 'totpPending')),
      };
      const changed =
        Number(next.totpSecretSealed !== row.totpSecretSealed) +
        Number(next.totpPendingSealed !== row.totpPendingSealed);
      if (changed === 0) continue;
      if (await repository.resealSeedsIfUnchanged(row.id, row, next)) resealed += changed;
      else remaining += changed;
    }
    after = page[page.length - 1]?.id ?? null;
  }
  return { users: usersRead, resealed, remaining };
}
