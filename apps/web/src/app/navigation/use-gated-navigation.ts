import { useCallback, useState, type MouseEvent } from 'react';
import { useUserSession } from '../../lib/use-session';
import type { AppPage } from '../app-pages';
import { gateFor, type PageGate } from './page-gates';

/** The gate popup's state: which gate it explains and whether it is open. */
export interface GateState {
  gate: PageGate;
  show: boolean;
}

/**
 * Gated menu navigation (spec signed-in §2.3): `onEntryClick` lets a menu link through when the user may open its
 * page, and otherwise cancels the navigation and opens the popup of the gate in the way. `openGate` opens a popup
 * directly (the Quik Trade button's upgrade offer).
 */
export function useGatedNavigation() {
  const session = useUserSession();
  const activeSubscription = session?.activeSubscription ?? false;
  const activeTradeSubscription = session?.activeTradeSubscription ?? false;
  const brokerLoggedIn = session?.brokerLoggedIn ?? false;
  const [state, setState] = useState<GateState>({ gate: 'discover-plan', show: false });

  const onEntryClick = useCallback(
    (page: AppPage, event: MouseEvent<HTMLElement>): boolean => {
      const gate = gateFor(page, { activeSubscription, activeTradeSubscription, brokerLoggedIn });
      if (gate === null) return false;
      event.preventDefault();
      setState({ gate, show: true });
      return true;
    },
    [activeSubscription, activeTradeSubscription, brokerLoggedIn],
  );
  const openGate = useCallback((gate: PageGate) => setState({ gate, show: true }), []);
  const closeGate = useCallback(() => setState((current) => ({ ...current, show: false })), []);

  return { onEntryClick, openGate, closeGate, gateState: state, hasTradePlan: activeTradeSubscription };
}
