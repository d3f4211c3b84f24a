import { groupIndianDigits } from '../format/indian-number-format';
import { PAISE_PER_RUPEE } from './plan-pricing';

// Integer paise format exactly (no binary fractions): the rupees and paise are split with integer arithmetic.

/** Paise as rupees with two decimals and Indian grouping, without a symbol (117882 → '1,178.82'). */
export function formatPaiseAmount(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError('paise must be a whole number');
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / PAISE_PER_RUPEE);
  const rest = abs % PAISE_PER_RUPEE;
  return `${paise < 0 ? '-' : ''}${groupIndianDigits(String(rupees))}.${String(rest).padStart(2, '0')}`;
}

/** Paise as rupees for people: ₹ sign, Indian grouping, two decimals (117882 → '₹1,178.82'). */
export function formatPaiseAsRupees(paise: number): string {
  const amount = formatPaiseAmount(paise);
  return amount.startsWith('-') ? `-₹${amount.slice(1)}` : `₹${amount}`;
}

/** Paise as a rupee number with two decimals, for wire formats that carry rupees (117882 → 1178.82). */
export function paiseToRupees(paise: number): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError('paise must be a whole number');
  return paise / PAISE_PER_RUPEE;
}

/** A rupee amount as typed or sent (at most two decimals) in paise, rounding away binary noise (1178.82 → 117882). */
export function rupeesToPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError('rupees must be a finite number');
  return Math.round(rupees * PAISE_PER_RUPEE);
}
