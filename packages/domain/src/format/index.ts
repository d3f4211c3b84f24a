export {
  abbreviateIndianNumber,
  formatIndianNumber,
  formatRupees,
  groupIndianDigits,
  indianAbbreviationUnit,
} from './indian-number-format';
export type { IndianNumberUnit } from './indian-number-format';
export { formatIstClockTime, formatIstDateTime } from './ist-date-format';
