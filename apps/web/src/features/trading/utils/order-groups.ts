import type { OrderStatus, OrderView } from '@fnodesk/contracts';

/** The Orders page's tabs (issue: open, completed, rejected, cancelled). */
export type OrderGroup = 'open' | 'completed' | 'rejected' | 'cancelled';

const GROUP_OF: Readonly<Record<OrderStatus, OrderGroup>> = {
  INTENT: 'open',
  SENT: 'open',
  UNKNOWN: 'open',
  OPEN: 'open',
  TRIGGER_PENDING: 'open',
  PARTIAL: 'open',
  COMPLETE: 'completed',
  CANCELLED: 'cancelled',
  REJECTED: 'rejected',
  FAILED: 'rejected',
};

/** The tab an order's state belongs to. */
export function orderGroupOf(status: OrderStatus): OrderGroup {
  return GROUP_OF[status];
}

/** Orders that may still be modified or cancelled. */
export function isModifiable(order: Pick<OrderView, 'status'>): boolean {
  return order.status === 'OPEN' || order.status === 'TRIGGER_PENDING' || order.status === 'PARTIAL';
}

/** The count of orders in each tab. */
export function orderGroupCounts(orders: readonly Pick<OrderView, 'status'>[]): Record<OrderGroup, number> {
  const counts: Record<OrderGroup, number> = { open: 0, completed: 0, rejected: 0, cancelled: 0 };
  for (const order of orders) counts[orderGroupOf(order.status)] += 1;
  return counts;
}
