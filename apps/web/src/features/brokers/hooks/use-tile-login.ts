import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { addBroker } from '../api/add-broker';
import { getBrokerLoginUrl } from '../api/broker-login';
import { brokersQueryOptions } from '../api/get-brokers';
import { addBrokerFailure } from '../utils/add-broker-outcome';
import { tileAction, type BrokerTile } from '../utils/broker-catalogue';
import { rememberClientId } from '../utils/last-client-id';

/** Where the tile flow sends the user inside the app. */
export interface TileLoginLinks {
  brokerAccounts: string;
  brokerSetup: string;
  login: string;
}

/** The /broker-setup address for a tile and client ID (accounts §4: userName, subtype and type). */
export function brokerSetupUrl(setupPath: string, tile: BrokerTile, userName: string): string {
  const query = new URLSearchParams({ userName, type: tile.type });
  if (tile.subType !== undefined) query.set('subtype', tile.subType);
  return `${setupPath}?${query.toString()}`;
}

/**
 * The §4 flow of a broker-login tile once the client ID is known: an account already linked → the Broker List; an
 * API-app broker → /broker-setup; any other → `POST brokers`, then the browser goes to its login URL. Failures follow
 * §8 (the Broker List for a name already used, the support message for 500s and network failures, else the text).
 */
export function useTileLogin(links: TileLoginLinks, goToUrl: (url: string) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(tile: BrokerTile, clientId: string): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      if (tile.type !== 'papertrading') rememberClientId(tile.id, clientId);
      const existing = await queryClient.fetchQuery(brokersQueryOptions());
      const action = tileAction(tile, clientId, existing);
      if (action === 'broker-accounts') {
        void navigate(links.brokerAccounts);
        return;
      }
      if (action === 'setup') {
        void navigate(brokerSetupUrl(links.brokerSetup, tile, clientId));
        return;
      }
      const added = await addBroker({
        name: tile.label,
        type: tile.type,
        ...(tile.subType === undefined ? {} : { subType: tile.subType }),
        autoLogin: false,
        loginType: tile.type === 'upstox' ? 'apikey' : 'partner',
        configuration: { userName: clientId },
      });
      let id = added.id;
      if (id === undefined) {
        const accounts = await queryClient.fetchQuery({ ...brokersQueryOptions(), staleTime: 0 });
        id = accounts.find((account) => account.type === tile.type && account.userName === clientId)?.id;
      }
      if (id === undefined) {
        void navigate(links.brokerAccounts);
        return;
      }
      goToUrl(await getBrokerLoginUrl(id));
    } catch (failure) {
      const outcome = addBrokerFailure(failure);
      if (outcome.kind === 'broker-accounts') void navigate(links.brokerAccounts);
      else if (outcome.kind === 'login') void navigate(links.login);
      else setError(outcome.text);
    } finally {
      setBusy(false);
    }
  }

  return { run, busy, error, clearError: () => setError(null) };
}
