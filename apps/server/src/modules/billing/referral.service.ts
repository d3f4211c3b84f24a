import { randomInt } from 'node:crypto';
import type { ReferralEarnings } from '@fnodesk/contracts';
import { paiseToRupees } from '@fnodesk/domain';
import type { BillingRepository } from './billing.repository';

// No 0/O, 1/I/L: codes are read aloud and typed from screenshots.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const MAX_ATTEMPTS = 5;

/** A new random referral code. */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A referred user as the referrer sees them: first name and last initial only. */
export function maskName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/** Referral codes and what referred users' payments earned (`/refer`, `referral-earnings`). */
export function createReferralService(deps: {
  repository: BillingRepository;
  clock: { now(): number };
  publicUrl: string;
  referralPercent: number;
}) {
  const { repository } = deps;

  async function codeFor(userId: string): Promise<string> {
    const existing = await repository.findReferralCode(userId);
    if (existing) return existing;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      if (await repository.insertReferralCode(userId, newReferralCode(), new Date(deps.clock.now()))) break;
    }
    // Either this call stored a code, or a concurrent one for the same user did.
    const stored = await repository.findReferralCode(userId);
    if (!stored) throw new Error('no referral code could be stored');
    return stored;
  }

  return {
    /** The user's referral code, made on first use. */
    codeFor,

    /** `GET /data/v1/referral-earnings`: the code, the invitation link, sign-ups and earnings. */
    async earnings(userId: string): Promise<ReferralEarnings> {
      const referralCode = await codeFor(userId);
      const [signups, earned] = await Promise.all([
        repository.countSignups(referralCode),
        repository.listEarnings(userId),
      ]);
      return {
        referralCode,
        referralLink: `${deps.publicUrl}/authentication/register?rc=${referralCode}`,
        percent: deps.referralPercent,
        signups,
        payingUsers: earned.payingUsers,
        totalEarnings: paiseToRupees(earned.totalPaise),
        earnings: earned.rows.map((r) => ({
          at: r.createdAt.toISOString(),
          referredUser: maskName(r.firstName, r.lastName),
          planName: r.planName,
          base: paiseToRupees(r.basePaise),
          earning: paiseToRupees(r.earningPaise),
        })),
      };
    },
  };
}

/** The referral service's interface. */
export type ReferralService = ReturnType<typeof createReferralService>;
