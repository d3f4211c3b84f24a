import type { Holiday, SpecialSession } from '@fnodesk/contracts';

/**
 * The F&O holiday falling on `formattedDate` ('DD-MMM-YYYY', IST), or null. A special session that day (Muhurat
 * trading on Diwali, a Budget day) means the market opens after all, so there is no holiday to announce.
 */
export function holidayOn(
  formattedDate: string,
  nfoHolidays: readonly Holiday[],
  specialSessions: readonly SpecialSession[],
): Holiday | null {
  const opensAnyway = specialSessions.some(
    (session) => session.formattedDate === formattedDate && session.exchanges.some((e) => e === 'NFO' || e === 'NSE'),
  );
  if (opensAnyway) return null;
  return nfoHolidays.find((holiday) => holiday.formattedDate === formattedDate) ?? null;
}
