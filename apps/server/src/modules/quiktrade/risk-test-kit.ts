import type { TradingService } from '../trading/trading.service';

/**
 * The trading service with its first `count` exits (the risk engine's `exitPosition`) ending unfilled: cancelled
 * as soon as they are placed on paper, as a broker's rejection or a session's close would leave them.
 */
export function exitsEndingUnfilled<S extends Pick<TradingService, 'exitPosition' | 'cancelWorkingOrders'>>(
  service: S,
  count: number,
): S {
  let left = count;
  return {
    ...service,
    async exitPosition(accountId, positionId, reason, key) {
      const intentId = await service.exitPosition(accountId, positionId, reason, key);
      if (left > 0) {
        left -= 1;
        await service.cancelWorkingOrders(accountId, 'paper', 'the exchange refused the exit');
      }
      return intentId;
    },
  };
}
