import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NIFTY_CALL } from '../test/trading-fixtures';
import { openDraft, orderWindowReducer, viewOf, type OpenDraftRequest } from '../utils/order-window-state';
import { OrderWindowPanel } from './order-window-panel';

const NOW = Date.UTC(2026, 10, 27, 5, 0);

function Harness(props: {
  request: OpenDraftRequest;
  onPlace?: () => void;
  onModify?: () => void;
  onClose?: () => void;
}) {
  const [draft, dispatch] = useReducer(orderWindowReducer, props.request, openDraft);
  const view = viewOf(draft, { ltp: 100, risk: null, idealRewardToRisk: 2, now: NOW });
  return (
    <OrderWindowPanel
      draft={draft}
      view={view}
      quote={{ ltp: 100, bid: 99.95, ask: 100.05 }}
      requiredMargin={null}
      busy={false}
      dispatch={dispatch}
      onPlace={props.onPlace ?? vi.fn()}
      onAddToBasket={vi.fn()}
      onModify={props.onModify ?? vi.fn()}
      onClose={props.onClose ?? vi.fn()}
    />
  );
}

describe('order window', () => {
  it('enables the price for Limit only and refuses SL-M for an option', async () => {
    render(<Harness request={{ instrument: NIFTY_CALL }} />);
    expect(screen.getByLabelText('Price')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'SL-M' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Limit' }));
    expect(screen.getByLabelText('Price')).toBeEnabled();
    expect(screen.getByLabelText('Trigger price')).toBeDisabled();
  });

  it('shows the §5 message for a wrong target and disables Add To Basket and Buy', async () => {
    render(<Harness request={{ instrument: NIFTY_CALL }} />);
    await userEvent.selectOptions(screen.getByLabelText('Target unit'), 'price');
    await userEvent.type(screen.getByLabelText('Target'), '90');
    expect(screen.getByRole('alert')).toHaveTextContent('Target price should be greater than 100 price.');
    expect(screen.getByRole('button', { name: 'Add To Basket' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeDisabled();
  });

  it('switches side with B and S outside fields, places with Enter', async () => {
    const onPlace = vi.fn();
    render(<Harness request={{ instrument: NIFTY_CALL }} onPlace={onPlace} />);
    const window = screen.getByTestId('order-window');
    screen.getByRole('button', { name: 'BUY' }).focus();
    await userEvent.keyboard('s');
    expect(window).toHaveAttribute('data-side', 'SELL');
    await userEvent.type(screen.getByLabelText('Tag'), 'bs');
    expect(window).toHaveAttribute('data-side', 'SELL');
    await userEvent.keyboard('{Enter}');
    expect(onPlace).toHaveBeenCalledTimes(1);
  });

  it('offers Cancel and Modify with the product locked in Modify mode', async () => {
    const onModify = vi.fn();
    render(
      <Harness
        onModify={onModify}
        request={{
          instrument: NIFTY_CALL,
          order: {
            orderId: 'o-1',
            orderType: 'LIMIT',
            product: 'MIS',
            validity: 'DAY',
            variety: 'regular',
            quantity: 65,
            price: 98,
            triggerPrice: 0,
          },
        }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Add To Basket' })).toBeNull();
    expect(screen.getByRole('button', { name: 'NRML' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Modify' }));
    expect(onModify).toHaveBeenCalled();
  });
});
