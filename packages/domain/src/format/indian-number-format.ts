// Numbers for people, the Indian way: digits grouped as 12,34,56,789.00 (thousands, then lakhs and crores in
// pairs), and large values abbreviated by how many digits their whole part has — up to 5 digits in thousands (K),
// 6–7 digits in lakhs (L, 1,00,000), 8 or more in crores (Cr, 1,00,00,000) — always with two decimals. Rounding is
// half away from zero on the decimal value as written (1.005 → 1.01), not on its binary approximation.

/** Formats a number with Indian digit grouping and a fixed number of decimals (2 by default). */
export function formatIndianNumber(value: number, fractionDigits = 2): string {
  const { negative, whole, fraction } = roundedParts(value, fractionDigits);
  return `${negative ? '-' : ''}${groupIndianDigits(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** Formats rupees: ₹ sign, Indian grouping, two decimals (e.g. ₹1,23,456.70, -₹50.00). */
export function formatRupees(value: number, fractionDigits = 2): string {
  const { negative, whole, fraction } = roundedParts(value, fractionDigits);
  return `${negative ? '-' : ''}₹${groupIndianDigits(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** Unit of an abbreviated number. */
export type IndianNumberUnit = 'K' | 'L' | 'Cr';

/** The unit a value abbreviates to, from the digit count of its whole part: ≤5 K, 6–7 L, ≥8 Cr. */
export function indianAbbreviationUnit(value: number): IndianNumberUnit {
  assertFinite(value);
  const digits = String(Math.trunc(Math.abs(value))).length;
  if (digits <= 5) return 'K';
  return digits <= 7 ? 'L' : 'Cr';
}

const UNIT_EXPONENT: Readonly<Record<IndianNumberUnit, number>> = { K: 3, L: 5, Cr: 7 };

/** Abbreviates a number in K, L or Cr with two decimals (e.g. 12,345 → 12.35K, 1,50,000 → 1.50L, 2.5e7 → 2.50Cr). */
export function abbreviateIndianNumber(value: number): string {
  const unit = indianAbbreviationUnit(value);
  return `${formatIndianNumber(shiftDecimal(value, -UNIT_EXPONENT[unit]), 2)}${unit}`;
}

/** Groups a string of digits the Indian way: last three together, then pairs (1234567 → 12,34,567). */
export function groupIndianDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  const pairs: string[] = [];
  for (let end = head.length; end > 0; end -= 2) pairs.unshift(head.slice(Math.max(0, end - 2), end));
  return `${pairs.join(',')},${tail}`;
}

interface RoundedParts {
  negative: boolean;
  whole: string;
  fraction: string;
}

function roundedParts(value: number, fractionDigits: number): RoundedParts {
  assertFinite(value);
  if (!Number.isInteger(fractionDigits) || fractionDigits < 0 || fractionDigits > 10) {
    throw new RangeError(`Fraction digits must be an integer from 0 to 10: ${fractionDigits}`);
  }
  const magnitude = Math.abs(value);
  const scaled = Math.round(shiftDecimal(magnitude, fractionDigits));
  if (!Number.isSafeInteger(scaled)) {
    // Beyond 2^53 there are no decimals left to round; print what the number holds.
    const [whole = '0', fraction = ''] = magnitude.toFixed(fractionDigits).split('.');
    return { negative: value < 0, whole, fraction };
  }
  const digits = String(scaled).padStart(fractionDigits + 1, '0');
  return {
    // -0.001 rounds to 0.00 and is shown without a sign.
    negative: value < 0 && scaled > 0,
    whole: digits.slice(0, digits.length - fractionDigits),
    fraction: digits.slice(digits.length - fractionDigits),
  };
}

// Multiplies by a power of ten through the decimal text, so 1.005 × 10² is exactly 100.5 rather than
// 100.49999999999999.
function shiftDecimal(value: number, exponent: number): number {
  const text = String(value);
  if (text.includes('e')) return value * 10 ** exponent;
  return Number(`${text}e${exponent}`);
}

function assertFinite(value: number): void {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
}
