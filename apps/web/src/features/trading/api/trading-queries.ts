import {
  FundsSchema,
  HoldingsSchema,
  OrderBookSchema,
  PositionBookSchema,
  TradeBookSchema,
  TradingLogSchema,
  type ConvertPositionRequest,
  type ProfitLossRequest,
} from '@fnodesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { brokerPath, tradingKey } from '../../../lib/trading/trading-paths';

// Pages refresh on order events; these intervals only cover a feed that is down.
const OPEN_ORDERS_REFRESH_MS = 5_000;
const BOOK_REFRESH_MS = 30_000;

/** `GET brokers/{id}/orders`; refreshed every 5 s while any order is open (pages.md G8). */
export function useOrderBook(brokerId: string | null) {
  return useQuery({
    queryKey: [...tradingKey(brokerId ?? ''), 'orders'],
    queryFn: ({ signal }) => apiFetch(brokerPath(brokerId ?? '', '/orders'), { schema: OrderBookSchema, signal }),
    enabled: brokerId !== null,
    refetchInterval: (query) =>
      query.state.data?.orders.some((order) => ['OPEN', 'TRIGGER_PENDING', 'PARTIAL', 'SENT'].includes(order.status))
        ? OPEN_ORDERS_REFRESH_MS
        : BOOK_REFRESH_MS,
  });
}

/** `GET brokers/{id}/trades`. */
export function useTradeBook(brokerId: string | null) {
  return useQuery({
    queryKey: [...tradingKey(brokerId ?? ''), 'trades'],
    queryFn: ({ signal }) => apiFetch(brokerPath(brokerId ?? '', '/trades'), { schema: TradeBookSchema, signal }),
    enabled: brokerId !== null,
    refetchInterval: BOOK_REFRESH_MS,
  });
}

/** `GET brokers/{id}/positions`. */
export function usePositionBook(brokerId: string | null) {
  return useQuery({
    queryKey: [...tradingKey(brokerId ?? ''), 'positions'],
    queryFn: ({ signal }) => apiFetch(brokerPath(brokerId ?? '', '/positions'), { schema: PositionBookSchema, signal }),
    enabled: brokerId !== null,
    refetchInterval: BOOK_REFRESH_MS,
  });
}

/** `GET brokers/{id}/holdings`. */
export function useHoldings(brokerId: string | null) {
  return useQuery({
    queryKey: [...tradingKey(brokerId ?? ''), 'holdings'],
    queryFn: ({ signal }) => apiFetch(brokerPath(brokerId ?? '', '/holdings'), { schema: HoldingsSchema, signal }),
    enabled: brokerId !== null,
  });
}

/** `GET brokers/{id}/funds`: capital, used margin and available cash. */
export function useFunds(brokerId: string | null) {
  return useQuery({
    queryKey: [...tradingKey(brokerId ?? ''), 'funds'],
    queryFn: ({ signal }) => apiFetch(brokerPath(brokerId ?? '', '/funds'), { schema: FundsSchema, signal }),
    enabled: brokerId !== null,
    refetchInterval: BOOK_REFRESH_MS,
  });
}

/** `GET brokers/{id}/logs?from&to` (ISO instants). */
export function useTradingLog(brokerId: string | null, from: string, to: string) {
  return useQuery({
    queryKey: [...tradingKey(brokerId ?? ''), 'logs', from, to],
    queryFn: ({ signal }) =>
      apiFetch(brokerPath(brokerId ?? '', `/logs?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`), {
        schema: TradingLogSchema,
        signal,
      }),
    enabled: brokerId !== null,
  });
}

/** `PUT brokers/{id}/positions/{positionId}/profit-loss`: a position's target, stop and trailing step. */
export function setPositionProtection(
  brokerId: string,
  positionId: string,
  change: ProfitLossRequest,
): Promise<unknown> {
  return apiFetch(brokerPath(brokerId, `/positions/${encodeURIComponent(positionId)}/profit-loss`), {
    method: 'PUT',
    body: change,
  });
}

/** `PUT brokers/{id}/positions`: converts a position's product (MIS ↔ NRML). */
export function convertPosition(brokerId: string, change: ConvertPositionRequest): Promise<unknown> {
  return apiFetch(brokerPath(brokerId, '/positions'), { method: 'PUT', body: change });
}
