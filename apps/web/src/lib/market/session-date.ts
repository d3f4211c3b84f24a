import { dateParts, monthAbbreviation, type IsoDate } from '@fnodesk/domain';

/** A session's date as the pages write it, `DD-MMM-YYYY` (e.g. 11-Feb-2025), whatever the viewer's time zone. */
export function formatSessionDate(date: IsoDate): string {
  const { year, month, day } = dateParts(date);
  return `${String(day).padStart(2, '0')}-${monthAbbreviation(month)}-${year}`;
}

/** A session's date without the year, for chart axes (e.g. 11-Feb). */
export function formatSessionDay(date: IsoDate): string {
  const { month, day } = dateParts(date);
  return `${String(day).padStart(2, '0')}-${monthAbbreviation(month)}`;
}
