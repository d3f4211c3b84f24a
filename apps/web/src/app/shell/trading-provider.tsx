import { useMemo, type ReactNode } from 'react';
import { useBrokers } from '../../features/brokers/api/get-brokers';
import { OrderWindowProvider } from '../../features/trading/components/order-window-provider';
import { useUserSession } from '../../lib/use-session';
import { tradableAccounts, tradeRefusal } from './trading-access';

/** Mounts the order window and basket for the signed-in app, trading on the user's default tradable account. */
export function TradingProvider({ children }: { children: ReactNode }) {
  const session = useUserSession();
  const brokers = useBrokers({ enabled: session !== null });
  const hasTradePlan = session?.activeTradeSubscription === true;
  const value = useMemo(() => {
    const all = brokers.data ?? [];
    return { accounts: tradableAccounts(all), refusal: tradeRefusal(hasTradePlan, all) };
  }, [brokers.data, hasTradePlan]);
  return (
    <OrderWindowProvider accounts={value.accounts} refusal={value.refusal}>
      {children}
    </OrderWindowProvider>
  );
}
