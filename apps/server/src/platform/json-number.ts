// Numbers as JSON writes them. JSON.stringify and template strings spend most of their time on a double finding
// its shortest form; market prices are whole paise, whose shortest form is the rupees, a point and the paise
// without a trailing zero, so they are written from integers instead (V8 keeps small integers' strings).

/** Below a billion rupees two-decimal values are far apart as doubles, so `r.cc` is their shortest form. */
const MAX_PAISE = 1e11;

/** The paise of a positive value that is whole paise below a billion rupees, else -1. */
export function wholePaise(value: number): number {
  const paise = Math.round(value * 100);
  return paise > 0 && paise < MAX_PAISE && paise / 100 === value ? paise : -1;
}

/** The fraction of whole paise as written after the rupees: '' for none, '.5' for 50, '.05' for 5. */
const FRACTIONS = Array.from({ length: 100 }, (_, paise) =>
  paise === 0 ? '' : `.${String(paise).padStart(2, '0').replace(/0$/, '')}`,
);

/** `value` exactly as JSON.stringify writes it (a non-finite one as null). */
export function jsonNumber(value: number): string {
  if (Number.isInteger(value)) return `${value}`;
  const paise = wholePaise(value);
  if (paise > 0) {
    const rupees = Math.floor(paise / 100);
    return `${rupees}${FRACTIONS[paise - rupees * 100]!}`;
  }
  return Number.isFinite(value) ? `${value}` : 'null';
}
