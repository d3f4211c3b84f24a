import { systemClock, type Clock } from '@fnodesk/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PopupNotice } from '../../../components/info-popup';
import { formatIstDate } from '../../../lib/format-ist';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';
import { exchangeHolidaysQueryOptions, readCachedNfoHolidays } from '../api/get-exchange-holidays';
import { readCachedSpecialSessions, specialSessionsQueryOptions } from '../api/get-special-sessions';
import { holidayOn } from '../utils/holiday-today';

/** localStorage key of the day whose holiday notice the user has closed, so it shows once a day. */
export const HOLIDAY_NOTICE_STORAGE_KEY = 'marketHolidayNotice';

/**
 * The market-holiday popup of the signed-in app (spec signed-in §2.5), or null when there is none to show: on an
 * F&O trading holiday, once a day, it says the market is closed and why. The cached lists answer at once; the
 * server's lists replace them when they arrive.
 */
export function useMarketHolidayNotice(clock: Clock = systemClock): PopupNotice | null {
  const [today] = useState(() => formatIstDate(clock.now()));
  const [dismissed, setDismissed] = useState(() => readStoredItem(HOLIDAY_NOTICE_STORAGE_KEY) === today);
  const holidays = useQuery({
    ...exchangeHolidaysQueryOptions(),
    enabled: !dismissed,
    placeholderData: () => {
      const cached = readCachedNfoHolidays();
      return cached === null ? undefined : { nse: [], nfo: cached, publishedYears: [] };
    },
  });
  const sessions = useQuery({
    ...specialSessionsQueryOptions(),
    enabled: !dismissed,
    placeholderData: () => readCachedSpecialSessions() ?? undefined,
  });

  const holiday = dismissed ? null : holidayOn(today, holidays.data?.nfo ?? [], sessions.data ?? []);
  if (holiday === null) return null;
  const close = () => {
    writeStoredItem(HOLIDAY_NOTICE_STORAGE_KEY, today);
    setDismissed(true);
  };
  return {
    id: 'market-holiday',
    title: 'Market Holiday',
    lines: [
      `Today, ${today}, is a trading holiday on NSE F&O (${holiday.description}).`,
      'The market is closed: pages show the data of the last trading session.',
    ],
    primary: { label: 'Ok', onClick: close },
    onClose: close,
  };
}
