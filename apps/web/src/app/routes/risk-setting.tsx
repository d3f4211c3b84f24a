import { RiskSettingsScreen } from '../../features/trading/components/risk-settings-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /risk-setting: risk settings per account. */
export function RiskSettingRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.riskSetting.title} />
      <RiskSettingsScreen />
    </>
  );
}
