// Clock and date texts in IST for people, independent of the viewer's time zone.
import type { EpochMs } from '../market/ist-time';
import { dateParts, istDateOf, istMillisOfDay, monthAbbreviation } from '../market/ist-time';

interface ClockParts {
  hour12: number;
  minutes: string;
  seconds: string;
  meridiem: 'am' | 'pm';
}

function clockParts(instant: EpochMs): ClockParts {
  const totalSeconds = Math.floor(istMillisOfDay(instant) / 1_000);
  const hour = Math.floor(totalSeconds / 3_600);
  return {
    hour12: hour % 12 === 0 ? 12 : hour % 12,
    minutes: String(Math.floor(totalSeconds / 60) % 60).padStart(2, '0'),
    seconds: String(totalSeconds % 60).padStart(2, '0'),
    meridiem: hour < 12 ? 'am' : 'pm',
  };
}

/** IST time as `h:mm:ss` on a 12-hour clock without am/pm, as in 'Last Updated: 3:29:59'. */
export function formatIstClockTime(instant: EpochMs): string {
  const { hour12, minutes, seconds } = clockParts(instant);
  return `${hour12}:${minutes}:${seconds}`;
}

/** IST date and time as `DD-MMM-YYYY h:mm a`, e.g. '24-Nov-2026 3:29 pm'. */
export function formatIstDateTime(instant: EpochMs): string {
  const { year, month, day } = dateParts(istDateOf(instant));
  const { hour12, minutes, meridiem } = clockParts(instant);
  return `${String(day).padStart(2, '0')}-${monthAbbreviation(month)}-${year} ${hour12}:${minutes} ${meridiem}`;
}
