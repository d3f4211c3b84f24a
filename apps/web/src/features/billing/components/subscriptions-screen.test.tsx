import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { signIn } from '../../../test/billing-fixtures';
import { renderRoute } from '../../../test/render-route';
import type { BillingLinks } from '../utils/billing-links';
import { ReceiptScreen } from './receipt-screen';
import { ReferScreen } from './refer-screen';
import { SubscriptionsScreen } from './subscriptions-screen';

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

const SUBSCRIPTION = {
  id: '0b6f6a59-5c5b-4d7c-9d7a-3f1e2a4b5c6d',
  packageId: 'Starter',
  planName: 'Starter',
  planType: 'Discover Starter',
  product: 'd',
  kind: 'plan',
  startsAt: '2026-11-20T04:00:00.000Z',
  endsAt: '2026-12-20T04:00:00.000Z',
  status: 'active',
  autoRenew: false,
  renewable: true,
  brokerAccounts: 0,
};
const PAYMENT_ID = '7c0e7a4e-7a4e-4a4e-8a4e-7a4e7a4e7a4e';

let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  signIn();
  api = mockApi({
    'GET /api/v1/subscriptions': { data: { subscriptions: [SUBSCRIPTION] } },
    'GET /api/v1/subscription-payments': {
      data: {
        payments: [
          {
            id: PAYMENT_ID,
            receiptNumber: 'FND-000001',
            packageId: 'Starter',
            planName: 'Starter',
            planType: 'Discover Starter',
            product: 'd',
            amount: 1179,
            paidAt: '2026-11-20T04:00:00.000Z',
            packageStartTime: '2026-11-20T04:00:00.000Z',
            packageEndTime: '2026-12-20T04:00:00.000Z',
          },
        ],
      },
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SubscriptionsScreen (My Subscriptions)', () => {
  it('lists the plan with its validity and the payment with its receipt', async () => {
    renderRoute('/subscriptions', <SubscriptionsScreen links={LINKS} />);
    const row = await screen.findByRole('row', { name: /Starter/ });
    expect(within(row).getByText('20 Dec 2026')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(await screen.findByText('FND-000001')).toBeInTheDocument();
    expect(screen.getByText('₹1,179.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      `/subscriptions/receipts/${PAYMENT_ID}`,
    );
  });

  it('switches auto-renewal on, and asks before cancelling it', async () => {
    let autoRenew = false;
    api.on('GET /api/v1/subscriptions', () => ({ data: { subscriptions: [{ ...SUBSCRIPTION, autoRenew }] } }));
    api.on('PUT /api/v1/subscriptions/0b6f6a59-5c5b-4d7c-9d7a-3f1e2a4b5c6d', (request) => {
      autoRenew = (request.body as { autoRenew: boolean }).autoRenew;
      return { data: { ...SUBSCRIPTION, autoRenew } };
    });
    const user = userEvent.setup();
    renderRoute('/subscriptions', <SubscriptionsScreen links={LINKS} />);
    await user.click(await screen.findByRole('button', { name: 'Renew automatically' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel renewal' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/stays active until 20 Dec 2026/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel renewal' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Renew automatically' })).toBeInTheDocument());
    expect(api.calls('PUT /api/v1/subscriptions/0b6f6a59-5c5b-4d7c-9d7a-3f1e2a4b5c6d').map((c) => c.body)).toEqual([
      { autoRenew: true },
      { autoRenew: false },
    ]);
  });

  it('says so when there are no plans yet', async () => {
    api.on('GET /api/v1/subscriptions', { data: { subscriptions: [] } });
    api.on('GET /api/v1/subscription-payments', { data: { payments: [] } });
    renderRoute('/subscriptions', <SubscriptionsScreen links={LINKS} />);
    expect(await screen.findByText('You have no plans yet.')).toBeInTheDocument();
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
  });
});

describe('ReceiptScreen', () => {
  it('shows the receipt number and the GST breakup', async () => {
    api.on(`GET /api/v1/payment-receipts/${PAYMENT_ID}`, {
      data: {
        receiptNumber: 'FND-000007',
        paymentId: PAYMENT_ID,
        paidAt: '2026-11-20T04:00:00.000Z',
        provider: 'test',
        providerPaymentId: 'pay_X',
        providerOrderId: 'order_X',
        merchant: { name: 'FNO Desk', email: 'support@fnodesk.local', phone: '' },
        customer: { name: 'Asha Rao', email: 'asha@example.in', mobile: '+919876543210' },
        item: {
          id: 'Professional',
          planName: 'Professional',
          planType: 'Discover Professional',
          product: 'd',
          kind: 'plan',
          numberOfDays: 360,
          packageStartTime: '2026-11-20T04:00:00.000Z',
          packageEndTime: '2027-11-15T04:00:00.000Z',
        },
        amounts: {
          netPrice: 11988,
          discount: 2397.6,
          promoCode: null,
          promoDiscount: 0,
          priceAfterDiscount: 9590.4,
          gstPercent: 18,
          gst: 1726.27,
          cgst: 863.13,
          sgst: 863.14,
          roundOff: 0.33,
          total: 11317,
        },
      },
    });
    renderRoute(
      '/subscriptions/receipts/:paymentId',
      <ReceiptScreen paymentId={PAYMENT_ID} links={LINKS} />,
      `/subscriptions/receipts/${PAYMENT_ID}`,
    );
    expect(await screen.findByText('FND-000007')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'CGST (9%)' }).nextElementSibling).toHaveTextContent('₹863.13');
    expect(screen.getByRole('rowheader', { name: 'SGST (9%)' }).nextElementSibling).toHaveTextContent('₹863.14');
    expect(screen.getByText('₹11,317.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });
});

describe('ReferScreen', () => {
  it('shows the link, code, totals and earnings', async () => {
    api.on('GET /data/v1/referral-earnings', {
      data: {
        referralCode: 'ABCD2345',
        referralLink: 'http://localhost:8080/authentication/register?rc=ABCD2345',
        percent: 10,
        signups: 3,
        payingUsers: 1,
        totalEarnings: 99.9,
        earnings: [
          { at: '2026-11-20T04:00:00.000Z', referredUser: 'Vikram S.', planName: 'Starter', base: 999, earning: 99.9 },
        ],
      },
    });
    renderRoute('/refer', <ReferScreen />);
    expect(await screen.findByLabelText('Your referral link')).toHaveValue(
      'http://localhost:8080/authentication/register?rc=ABCD2345',
    );
    expect(screen.getByText('ABCD2345')).toBeInTheDocument();
    expect(screen.getByText('Vikram S.')).toBeInTheDocument();
    expect(screen.getAllByText('₹99.90')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });
});
