import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';
import { TickChartScreen } from '../../features/tick-chart/components/tick-chart-screen';
import { useUserSession } from '../../lib/use-session';
import { APP_PAGES } from '../app-pages';
import { GatePopup } from '../navigation/gate-popup';
import { GATE_POPUPS } from '../navigation/page-gates';
import { PageTitle } from '../page-title';
import { paths } from '../paths';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/**
 * /pages/tick-chart: every trade of an instrument, as N-tick candles or a line. It needs a broker login (spec
 * signed-in §2.3): without one the page opens the broker-login popup, whose Ok leads to the broker accounts.
 */
export function TickChartRoute() {
  const { theme, refreshMs, alwaysOpen } = useSnapshotScreenProps();
  const brokerLoggedIn = useUserSession()?.brokerLoggedIn ?? false;
  const [popupClosed, setPopupClosed] = useState(false);
  return (
    <>
      <PageTitle name={APP_PAGES.tickChart.title} />
      {brokerLoggedIn ? (
        <TickChartScreen
          theme={theme}
          {...(refreshMs === undefined ? {} : { refreshMs })}
          {...(alwaysOpen === undefined ? {} : { alwaysOpen })}
        />
      ) : (
        <>
          <GatePopup gate="broker-login" show={!popupClosed} onClose={() => setPopupClosed(true)} />
          <Alert variant="secondary" className="mt-2" data-testid="tick-chart-needs-broker">
            {GATE_POPUPS['broker-login'].message}. <Link to={paths.brokerAccounts}>Broker List</Link>
          </Alert>
        </>
      )}
    </>
  );
}
