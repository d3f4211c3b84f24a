import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
export const IST_OFFSET_MINUTES = 330;

/** Formats an instant (ISO string or epoch ms) in IST as 'DD-MMM-YYYY HH:mm:ss', e.g. '05-Jan-2026 09:15:00'. */
export function formatIstDateTime(instant: string | number): string {
  const moment = dayjs(instant);
  return moment.isValid() ? moment.utcOffset(IST_OFFSET_MINUTES).format('DD-MMM-YYYY HH:mm:ss') : '';
}

/** Formats an instant in IST as 'h:mm:ss A', e.g. '9:15:00 AM'. */
export function formatIstTime(instant: string | number): string {
  const moment = dayjs(instant);
  return moment.isValid() ? moment.utcOffset(IST_OFFSET_MINUTES).format('h:mm:ss A') : '';
}

/** Formats an instant in IST as 'DD-MMM-YYYY', e.g. '05-Jan-2026' (the form holidays are listed in). */
export function formatIstDate(instant: string | number): string {
  const moment = dayjs(instant);
  return moment.isValid() ? moment.utcOffset(IST_OFFSET_MINUTES).format('DD-MMM-YYYY') : '';
}
