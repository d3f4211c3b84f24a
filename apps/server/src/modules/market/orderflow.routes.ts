import type { DataHandlers } from './data-routes';
import type { OrderflowService } from './orderflow.service';

/** The footprint aggregate of the Orderflow chart. */
export function orderflowHandlers(orderflow: OrderflowService): DataHandlers<'footprint'> {
  return {
    footprint: async ({ query, tier }) =>
      orderflow.footprint(tier, {
        token: query.token,
        resolution: query.type,
        from: query.from,
        to: query.to,
        rowTicks: query.rows,
        imbalancePercent: query.imbalance,
      }),
  };
}
