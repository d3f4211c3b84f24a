import { useId, type ReactNode } from 'react';
import { Button, OverlayTrigger, Popover } from 'react-bootstrap';
import { Link } from 'react-router';
import { useOptionalOrderWindow, type OrderSide } from '../lib/trading/order-window-context';

/** Shown when the page is outside the signed-in app (no order window mounted). */
const NO_ORDER_WINDOW = 'Trading is available in the signed-in app.';

export interface TradeButtonProps {
  instrumentToken: number;
  side: OrderSide;
  /** What the button reads (BUY, an LTP, …). */
  children: ReactNode;
  /** Names the button for assistive technology (e.g. 'BUY 24000 CE'). */
  label: string;
  variant?: string;
  size?: 'sm' | 'lg';
  className?: string;
  /** Shown instead of the disabled button when the user cannot trade (e.g. a price in a table stays plain text). */
  fallback?: ReactNode;
}

/**
 * A button that opens the order window for an instrument; when the user cannot trade (no QuikTrade plan, no
 * logged-in tradable account) it is disabled and says why, with a link to fix it.
 */
export function TradeButton(props: TradeButtonProps) {
  const { instrumentToken, side, children, label, variant, size, className } = props;
  const orders = useOptionalOrderWindow();
  const id = useId();
  if (orders !== null && orders.refusal === null) {
    return (
      <Button
        size={size}
        variant={variant ?? (side === 'BUY' ? 'success' : 'danger')}
        className={className}
        aria-label={label}
        onClick={() => orders.open({ instrumentToken, side })}
      >
        {children}
      </Button>
    );
  }
  if (props.fallback !== undefined) return <>{props.fallback}</>;
  const refusal = orders?.refusal ?? { message: NO_ORDER_WINDOW, href: '/', linkText: 'Home' };
  const popover = (
    <Popover id={id}>
      <Popover.Body>
        <p className="mb-1">{refusal.message}</p>
        <Link to={refusal.href}>{refusal.linkText}</Link>
      </Popover.Body>
    </Popover>
  );
  return (
    <OverlayTrigger
      trigger={['hover', 'focus', 'click']}
      placement="top"
      overlay={popover}
      rootClose
      delay={{ show: 0, hide: 400 }}
    >
      {/* A disabled button gets no pointer or focus events; the wrapper shows why for it. */}
      <span
        className="d-inline-block"
        tabIndex={0}
        aria-label={`${label}: ${refusal.message}`}
        data-testid="trade-button-refused"
      >
        <Button
          size={size}
          variant={variant ?? (side === 'BUY' ? 'success' : 'danger')}
          className={className}
          disabled
          style={{ pointerEvents: 'none' }}
          tabIndex={-1}
        >
          {children}
        </Button>
      </span>
    </OverlayTrigger>
  );
}
