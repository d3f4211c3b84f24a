import { TRADING_MESSAGES, type BrokerAccount, type OrderLineInput } from '@fnodesk/contracts';
import { toast } from 'react-toastify/unstyled';
import { toastPriceOf } from '../utils/order-line';

/** The success toasts of spec §8: the account the order went to, then the order itself. */
export function toastOrderPlaced(account: BrokerAccount, line: OrderLineInput, ltp: number | null): void {
  toast.success(
    <div>
      <strong>{TRADING_MESSAGES.orderPlacedFor}</strong>
      <div>{`${account.type} - ${account.name}(${account.userName})`}</div>
    </div>,
  );
  toast.success(
    TRADING_MESSAGES.orderPlaced(account.userName, line.transactionType, line.tradingSymbol, toastPriceOf(line, ltp)),
  );
}

/** Spec §8: an order failure is a toast with the error text. */
export function toastOrderFailed(error: unknown): void {
  toast.error(error instanceof Error ? error.message : String(error));
}
