import {
  ExchangeHolidaysQuerySchema,
  ExchangeHolidaysSchema,
  SpecialSessionsSchema,
  type Holiday,
  type SpecialSession,
} from '@fnodesk/contracts';
import { HOLIDAY_LISTS, SPECIAL_SESSIONS, weekdayOf, type IsoDate } from '@fnodesk/domain';
import { z } from 'zod';
import type { DataRoutes } from './data-routes';
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
export function registerCalendarRoutes(routes: DataRoutes): void {
  routes.get(
    'get_exchange_holidays',
    {
      summary: 'Trading holidays of the given exchanges (comma-separated, e.g. nse,nfo), optionally for one year.',
      query: ExchangeHolidaysQuerySchema,
      response: ExchangeHolidaysSchema,
    },
    async ({ query }) => {
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
  );

  routes.get(
    'get_special_session',
    {
      summary: 'Sessions on weekends or holidays (Budget day, Muhurat trading), with their IST timings once announced.',
      query: z.object({}),
      response: SpecialSessionsSchema,
    },
    async () =>
      SPECIAL_SESSIONS.map((s): SpecialSession => ({
        date: s.date,
        formattedDate: formatMarketDate(s.date),
        kind: s.kind,
        description: s.description,
        exchanges: [...s.exchanges],
        open: s.times?.open ?? null,
        close: s.times?.close ?? null,
      })).sort((a, b) => a.date.localeCompare(b.date)),
  );
}
