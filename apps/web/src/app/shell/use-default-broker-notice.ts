import { BROKER_MESSAGES } from '@fnodesk/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PopupNotice } from '../../components/info-popup';
import { useBrokerSessionSync } from '../../features/brokers/hooks/use-broker-session-sync';
import type { AppPage } from '../app-pages';
import { paths } from '../paths';

/** What the Broker List reads from the navigation state: the account whose login to start. */
export interface BrokerLoginRequest {
  login: string;
}

/**
 * The default-broker notice (signed-in §4.1): the broker list is read 1 s after load (which also keeps the session's
 * `brokerLoggedIn` current); when the default account is not logged in, 'Default Broker not Logged In. Click Here To
 * Login.' leads to the Broker List, which starts that account's login. Shown once per visit, never on the Broker List.
 */
export function useDefaultBrokerNotice(page: AppPage | undefined): PopupNotice | null {
  const account = useBrokerSessionSync();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(false);
  if (account === null || dismissed || page?.path === paths.brokerAccounts) return null;
  const close = () => setDismissed(true);
  return {
    id: 'default-broker',
    title: 'Default Broker',
    lines: [BROKER_MESSAGES.defaultBrokerNotLoggedIn, `${account.name} (${account.userName})`],
    primary: {
      label: 'Login',
      onClick: () => {
        close();
        const state: BrokerLoginRequest = { login: account.id };
        void navigate(paths.brokerAccounts, { state });
      },
    },
    secondary: { label: 'Later', onClick: close },
    onClose: close,
  };
}
