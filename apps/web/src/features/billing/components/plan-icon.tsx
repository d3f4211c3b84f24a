// One line-art icon per plan name (spec §2: 'icon by plan name'); inline SVG so it follows the text colour.
const PATHS: Readonly<Record<string, string>> = {
  Trial: 'M6 2h12M6 22h12M7 2c0 5 10 5 10 10S7 17 7 22M17 2c0 5-10 5-10 10s10 5 10 10',
  Starter: 'M12 2c3 3 4 7 4 11l-4 3-4-3c0-4 1-8 4-11zM8 13l-3 3v4l4-2M16 13l3 3v4l-4-2M12 8v2',
  Sixer: 'M4 20V10M10 20V4M16 20v-8M22 20H2',
  Professional: 'M3 8l4 4 5-7 5 7 4-4-2 11H5L3 8z',
  Free: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6-4.5-4.2 6.1-.7L12 3z',
  Scalper: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z',
  Pro: 'M3 8l4 4 5-7 5 7 4-4-2 11H5L3 8z',
};
const FALLBACK = 'M12 2a10 10 0 100 20 10 10 0 000-20zM8 12h8M12 8v8';

/** The icon of a plan, by its name. */
export function PlanIcon({ planName, size = 32 }: { planName: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="plan-icon text-primary"
    >
      <path d={PATHS[planName] ?? FALLBACK} />
    </svg>
  );
}
