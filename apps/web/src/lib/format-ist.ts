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
