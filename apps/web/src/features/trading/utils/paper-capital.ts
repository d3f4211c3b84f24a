import { PAPER_CAPITAL_LIMITS } from '@fnodesk/contracts';

/** Whole rupees typed in the capital field, or null when it is not a capital the server takes. */
export function capitalOf(text: string): number | null {
  const digits = text.replace(/[₹,\s]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const value = Number(digits);
  return value >= PAPER_CAPITAL_LIMITS.min && value <= PAPER_CAPITAL_LIMITS.max ? value : null;
}
