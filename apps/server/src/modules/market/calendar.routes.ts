import type { Holiday, SpecialSession } from '@fnodesk/contracts';
import { HOLIDAY_LISTS, SPECIAL_SESSIONS, weekdayOf, type IsoDate } from '@fnodesk/domain';
import type { DataHandlers } from './data-routes';
import { formatMarketDate } from './market-format';

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

function holiday(date: IsoDate, description: string): Holiday {
  return {
    date,
    formattedDate: formatMarketDate(date),
    description,
    weekday: WEEKDAY_NAMES[weekdayOf(date)] ?? '',
  };
}

/** Trading holidays per exchange and the special sessions (Budget Sunday, Muhurat), from the domain calendar. */
export function calendarHandlers(): DataHandlers<'get_exchange_holidays' | 'get_special_session'> {
  return {
    get_exchange_holidays: async ({ query }) => {
      const holidays: Record<string, Holiday[]> = {};
      for (const exchange of query.exchange) {
        holidays[exchange] = HOLIDAY_LISTS.filter(
          (list) => list.exchanges.includes(exchange) && (query.year === undefined || list.year === query.year),
        )
          .flatMap((list) => list.holidays)
          .map((h) => holiday(h.date, h.description))
          .sort((a, b) => a.date.localeCompare(b.date));
      }
      const publishedYears = [...new Set(HOLIDAY_LISTS.map((l) => l.year))].sort();
      return { holidays, publishedYears };
    },
    get_special_session: async () =>
      SPECIAL_SESSIONS.map((s): SpecialSession => ({
        date: s.date,
        formattedDate: formatMarketDate(s.date),
        kind: s.kind,
        description: s.description,
        exchanges: [...s.exchanges],
        open: s.times?.open ?? null,
        close: s.times?.close ?? null,
      })).sort((a, b) => a.date.localeCompare(b.date)),
  };
}
