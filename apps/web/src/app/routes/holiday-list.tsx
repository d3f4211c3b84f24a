import { HolidayListScreen } from '../../features/market-calendar/components/holiday-list-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /pages/holiday-list: the exchanges' trading holidays and special sessions. */
export function HolidayListRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.holidayList.title} />
      <HolidayListScreen />
    </>
  );
}
