import { InfoPopup } from '../../components/info-popup';
import { useMarketHolidayNotice } from '../../features/market-calendar/hooks/use-market-holiday-notice';
import type { AppPage } from '../app-pages';
import { useDefaultBrokerNotice } from './use-default-broker-notice';
import { useMobileNotice } from './use-mobile-notice';
import { usePlanExpiryNotice } from './use-plan-expiry-notice';

/**
 * The main layout's popups (spec signed-in §2.5, §4.1), one at a time so they never stack: the phone notice, then the
 * plan-expiry warning, then the market-holiday notice, then the default-broker notice.
 */
export function ShellNotices({ page }: { page: AppPage | undefined }) {
  const mobile = useMobileNotice(page);
  const expiry = usePlanExpiryNotice();
  const holiday = useMarketHolidayNotice();
  const defaultBroker = useDefaultBrokerNotice(page);
  const notice = mobile ?? expiry ?? holiday ?? defaultBroker;
  if (notice === null) return null;
  const { id, ...popup } = notice;
  return <InfoPopup key={id} show {...popup} />;
}
