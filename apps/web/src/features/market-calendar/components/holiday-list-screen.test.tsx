import { createFakeClock } from '@fnodesk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render-route';
import { HOLIDAYS_STORAGE_KEY } from '../api/get-exchange-holidays';
import { SPECIAL_SESSIONS_STORAGE_KEY } from '../api/get-special-sessions';
import { HolidayListScreen } from './holiday-list-screen';

const holiday = (date: string, formattedDate: string, description: string, weekday: string) => ({
  date,
  formattedDate,
  description,
  weekday,
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('HolidayListScreen', () => {
  it("lists the year's F&O holidays and special sessions, caching them for the holiday popup", async () => {
    const api = mockApi({
      'GET /data/v1/get_exchange_holidays': {
        data: {
          holidays: {
            NSE: [holiday('2026-01-26', '26-Jan-2026', 'Republic Day', 'Monday')],
            NFO: [
              holiday('2026-01-26', '26-Jan-2026', 'Republic Day', 'Monday'),
              holiday('2026-03-03', '03-Mar-2026', 'Holi', 'Tuesday'),
              holiday('2025-12-25', '25-Dec-2025', 'Christmas', 'Thursday'),
            ],
          },
          publishedYears: [2025, 2026],
        },
      },
      'GET /data/v1/get_special_session': {
        data: [
          {
            date: '2026-02-01',
            formattedDate: '01-Feb-2026',
            kind: 'budget',
            description: 'Union Budget',
            exchanges: ['NSE', 'NFO'],
            open: '09:15',
            close: '15:30',
          },
        ],
      },
    });
    const user = userEvent.setup();
    renderRoute('/pages/holiday-list', <HolidayListScreen clock={createFakeClock(Date.UTC(2026, 5, 1))} />);

    const table = (await screen.findByText('Holi')).closest('table');
    expect(table).not.toBeNull();
    expect(within(table as HTMLTableElement).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('09:15 – 15:30')).toBeInTheDocument();
    expect(api.calls('GET /data/v1/get_exchange_holidays')[0]?.query.get('exchange')).toBe('nse,nfo');
    expect(JSON.parse(window.localStorage.getItem(HOLIDAYS_STORAGE_KEY) ?? '[]')).toHaveLength(3);
    expect(window.localStorage.getItem(SPECIAL_SESSIONS_STORAGE_KEY)).toContain('Union Budget');

    await user.selectOptions(screen.getByLabelText('Year'), '2025');
    expect(screen.getByText('Christmas')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'NSE Equity' }));
    expect(screen.getByText(/has not published its holiday list for 2025/)).toBeInTheDocument();
  });
});
