import { InfoPopup } from '../../components/info-popup';
import { useMarketHolidayNotice } from '../../features/market-calendar/hooks/use-market-holiday-notice';
import type { AppPage } from '../app-pages';
import { useMobileNotice } from './use-mobile-notice';
import { usePlanExpiryNotice } from './use-plan-expiry-notice';

/**
 * The main layout's popups (spec signed-in §2.5), one at a time so they never stack: the phone notice, then the
 * plan-expiry warning, then the market-holiday notice.
 */
export function ShellNotices({ page }: { page: AppPage | undefined }) {
  const mobile = useMobileNotice(page);
  const expiry = usePlanExpiryNotice();
  const holiday = useMarketHolidayNotice();
  const notice = mobile ?? expiry ?? holiday;
  if (notice === null) return null;
  const { id, ...popup } = notice;
  return <InfoPopup key={id} show {...popup} />;
}
