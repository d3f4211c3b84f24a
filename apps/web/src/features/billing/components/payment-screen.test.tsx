import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readUserSession } from '../../../lib/session-storage';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { ACTIVE_DISCOVER, breakdown, order, signIn } from '../../../test/billing-fixtures';
import { renderRoute } from '../../../test/render-route';
import type { BillingLinks } from '../utils/billing-links';
import { readSelectedPlan, rememberSelectedPlan } from '../utils/selected-plan';
import { PaymentScreen } from './payment-screen';

const LINKS: BillingLinks = {
  login: '/authentication/login',
  register: '/authentication/register',
  discoverPricing: '/discover/pricing',
  quiktradePricing: '/quiktrade/pricing',
  legacyPricing: '/pricing',
  payment: '/payment',
  subscriptions: '/subscriptions',
  brokerAccounts: '/trading/broker-accounts',
  charts: '/pages/charts',
  optionChainCharts: '/pages/option-chain-charts',
  termsCondition: '/terms-condition',
  refundPolicy: '/refund-policy',
  receipt: (id) => `/subscriptions/receipts/${id}`,
};

const CONFIG = {
  provider: 'test',
  merchantName: 'FNO Desk',
  checkoutScriptUrl: null,
  testCards: [
    { number: '4111111111111111', outcome: 'success' },
    { number: '4000000000000002', outcome: 'declined' },
  ],
  support: { email: 'support@fnodesk.local', phone: '+91 22 4000 1234' },
};

const PROMO_ORDER = order({
  order_id: 'order_TESTORDER00002',
  amount: 106_100,
  promoCode: 'WELCOME10',
  breakdown: breakdown({
    promoDiscount: 99.9,
    totalDiscount: 99.9,
    savedPercent: 10,
    priceAfterDiscount: 899.1,
    pricePerMonth: 899.1,
    gst: 161.84,
    finalPrice: 1061,
  }),
});

let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  api = mockApi({
    'GET /api/v1/payment-config': { data: CONFIG },
    'POST /api/v1/initiate-subscription': (request) => ({
      data: (request.body as { promoCode?: string }).promoCode === 'WELCOME10' ? PROMO_ORDER : order(),
    }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPayment(entry = '/payment') {
  return renderRoute('/payment', <PaymentScreen links={LINKS} />, entry);
}

function rowLabels(): string[] {
  const table = screen.getByRole('table', { name: /Plan Details & Price Breakup/ });
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent ?? '');
}

function valueOf(label: string): string {
  const header = screen.getByRole('rowheader', { name: label });
  return header.nextElementSibling?.textContent ?? '';
}

describe('PaymentScreen', () => {
  it('sends a user without a remembered plan to Discover pricing', async () => {
    signIn();
    const { router } = renderPayment();
    await waitFor(() => expect(router.state.location.pathname).toBe('/discover/pricing'));
  });

  it('asks a visitor to log in', async () => {
    rememberSelectedPlan({ packageId: 'Starter', planName: 'Starter', productType: 'd', promoCode: null });
    renderPayment();
    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByText('Please login')).toBeInTheDocument();
  });

  it('shows every row of the price breakup in the spec order, the read-only details and Pay with the total', async () => {
    signIn();
    rememberSelectedPlan({ packageId: 'Starter', planName: 'Starter', productType: 'd', promoCode: null });
    renderPayment();
    await screen.findByRole('table', { name: /Plan Details & Price Breakup/ });
    expect(rowLabels()).toEqual([
      'Product',
      'Plan Name',
      'Validity (days)',
      'Net Price',
      'Discount',
      'Total Discount',
      'Price/Month',
      'Price After Discount',
      'GST (18%)',
      'Final Price You Pay',
    ]);
    expect(valueOf('Product')).toBe('Discover');
    expect(valueOf('Net Price')).toBe('₹999.00');
    expect(valueOf('GST (18%)')).toBe('₹179.82');
    expect(valueOf('Final Price You Pay')).toBe('₹1,179.00');
    expect(screen.getByLabelText('Amount')).toHaveValue('₹1,179.00');
    expect(screen.getByLabelText('Amount')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.in');
    expect(screen.getByLabelText('Phone')).toHaveValue('+919876543210');
    expect(screen.getByLabelText('Name')).toHaveValue('Asha Rao');
    expect(screen.getByRole('button', { name: 'Pay ₹1,179.00' })).toBeEnabled();
    expect(screen.getByText(/You agree to the/)).toHaveTextContent(
      'You agree to the terms & conditions and refund policy mentioned here',
    );
    expect(screen.getByRole('link', { name: 'support@fnodesk.local' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('applies a promo: the message, the Promo Discount row, a bigger You Saved and the new order', async () => {
    signIn();
    rememberSelectedPlan({ packageId: 'Starter', planName: 'Starter', productType: 'd', promoCode: null });
    api.on('POST /api/v1/promo-code', {
      data: {
        isValidPromo: true,
        promoCode: 'WELCOME10',
        finalPrice: 1061,
        plans: [
          {
            packageId: 'Starter',
            price: 899.1,
            promoDiscount: 99.9,
            gst: 161.84,
            finalPrice: 1061,
            breakdown: PROMO_ORDER.breakdown,
          },
        ],
        reason: null,
      },
    });
    const user = userEvent.setup();
    renderPayment();
    await screen.findByText('You Saved 0%');
    await user.type(screen.getByLabelText('Promo code'), 'welcome10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('promo Code WELCOME10 applied successfully.')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/promo-code')[0]?.body).toMatchObject({ promoCode: 'welcome10' });
    expect(await screen.findByText('You Saved 10%')).toBeInTheDocument();
    expect(rowLabels()).toContain('Promo Discount');
    expect(api.calls('POST /api/v1/initiate-subscription').at(-1)?.body).toMatchObject({ promoCode: 'WELCOME10' });
    expect(screen.getByRole('button', { name: 'Pay ₹1,061.00' })).toBeInTheDocument();
    expect(readSelectedPlan()?.promoCode).toBe('WELCOME10');
  });

  it('says a code is not valid for the selected plan, exactly as the spec words it', async () => {
    signIn();
    rememberSelectedPlan({ packageId: 'Starter', planName: 'Starter', productType: 'd', promoCode: null });
    api.on('POST /api/v1/promo-code', {
      data: { isValidPromo: true, promoCode: 'QTONLY', finalPrice: null, plans: [], reason: null },
    });
    const user = userEvent.setup();
    renderPayment();
    await user.type(await screen.findByLabelText('Promo code'), 'qtonly');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const status = await screen.findByText(/not valid for the seleted Plan/);
    expect(status.textContent).toBe('Promo code QTONLY not valid for the seleted Plan ');
  });

  it('takes no promo for the Trial pass', async () => {
    signIn();
    rememberSelectedPlan({ packageId: 'Trial', planName: 'Trial', productType: 'd', promoCode: null });
    api.on('POST /api/v1/initiate-subscription', {
      data: order({
        packageId: 'Trial',
        amount: 49_900,
        plan: {
          id: 'Trial',
          planName: 'Trial',
          planType: 'Discover Trial',
          product: 'd',
          kind: 'trial',
          numberOfDays: 7,
        },
        breakdown: breakdown({
          netPrice: 423,
          priceAfterDiscount: 423,
          gst: 76,
          finalPrice: 499,
          pricePerMonth: 1812.86,
        }),
      }),
    });
    renderPayment();
    await screen.findByRole('button', { name: 'Pay ₹499.00' });
    expect(valueOf('Net Price')).toBe('₹423.00');
    expect(valueOf('GST (18%)')).toBe('₹76.00');
    expect(valueOf('Validity (days)')).toBe('7');
    expect(screen.getByLabelText('Promo code')).toBeDisabled();
  });

  it('pays with the test checkout, activates, clears the plan and goes to broker accounts after 1 s', async () => {
    signIn();
    rememberSelectedPlan({ packageId: 'Starter', planName: 'Starter', productType: 'd', promoCode: null });
    const checkout = {
      razorpayPaymentId: 'pay_TESTPAYMENT0001',
      razorpayOrderId: 'order_TESTORDER00001',
      razorpaySignature: 'a'.repeat(64),
    };
    api.on('POST /api/v1/test-checkout/pay', { data: checkout });
    api.on('POST /api/v1/subscription-status', {
      data: {
        paymentId: '7c0e7a4e-7a4e-4a4e-8a4e-7a4e7a4e7a4e',
        receiptNumber: 'FND-000001',
        packageId: 'Starter',
        planName: 'Starter',
        product: 'd',
        packageStartTime: '2026-11-20T04:00:00.000Z',
        packageEndTime: '2026-12-20T04:00:00.000Z',
        message: 'Thanks,Your Suscription has been Activated',
        entitlements: ACTIVE_DISCOVER,
      },
    });
    api.on('GET /api/v1/login-check', {
      data: { activeSubscription: true, activeTradeSubscription: false, brokerLoggedIn: false, accounts: 0 },
    });
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const { router } = renderPayment();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹1,179.00' }));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByText(/4111 1111 1111 1111/)).toBeInTheDocument();
    await user.type(within(modal).getByLabelText('Card number'), '4111 1111 1111 1111');
    await user.type(within(modal).getByLabelText('CVV'), '123');
    await user.click(within(modal).getByRole('button', { name: 'Pay ₹1,179.00' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Thanks,Your Suscription has been Activated'));
    expect(api.calls('POST /api/v1/test-checkout/pay')[0]?.body).toMatchObject({
      amount: 117_900,
      cardNumber: '4111 1111 1111 1111',
    });
    expect(api.calls('POST /api/v1/subscription-status')[0]?.body).toEqual(checkout);
    expect(readSelectedPlan()).toBeNull();
    expect(readUserSession()).toMatchObject({
      activeSubscription: true,
      subscriptionValidTill: '2026-12-20T04:00:00.000Z',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/trading/broker-accounts'), { timeout: 2000 });
  });

  it('ends the attempt on a declined card and asks the server for a new order on the next Pay', async () => {
    signIn();
    rememberSelectedPlan({ packageId: 'Starter', planName: 'Starter', productType: 'd', promoCode: null });
    api.on('POST /api/v1/test-checkout/pay', {
      status: 400,
      errorCode: 'PAYMENT_DECLINED',
      error: 'Your card was declined by the bank. No money was taken.',
    });
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderPayment();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹1,179.00' }));
    const modal = await screen.findByRole('dialog');
    await user.type(within(modal).getByLabelText('Card number'), '4000 0000 0000 0002');
    await user.type(within(modal).getByLabelText('CVV'), '123');
    await user.click(within(modal).getByRole('button', { name: 'Pay ₹1,179.00' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Your card was declined by the bank. No money was taken.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/v1/initiate-subscription').length).toBeGreaterThanOrEqual(3);
  });

  it('pays a renewal order from its pay link', async () => {
    signIn();
    api.on('GET /api/v1/payment-orders/3f1c1d1e-0000-4000-8000-000000000001', {
      data: order({ order_id: 'order_RENEWAL0000001' }),
    });
    renderPayment('/payment?order=3f1c1d1e-0000-4000-8000-000000000001');
    expect(await screen.findByRole('button', { name: 'Pay ₹1,179.00' })).toBeInTheDocument();
    expect(screen.getByLabelText('Promo code')).toBeDisabled();
    expect(api.calls('POST /api/v1/initiate-subscription')).toHaveLength(0);
  });
});
