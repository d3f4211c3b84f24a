import { AdvanceDeclineScreen } from '../../features/futures/components/advance-decline-screen';
import { useTheme } from '../../features/theme/hooks/use-theme';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /pages/advance-decline: breadth of the F&O stocks by sector, with the divergence badge. */
export function AdvanceDeclineRoute() {
  const { isDark } = useTheme();
  return (
    <>
      <PageTitle name={APP_PAGES.advanceDecline.title} />
      <AdvanceDeclineScreen theme={isDark ? 'dark' : 'light'} />
    </>
  );
}
