import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readUserSession } from '../../../lib/session-storage';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { ACTIVE_DISCOVER, DISCOVER_PACKAGES, order, QUIKTRADE_PACKAGES, signIn } from '../../../test/billing-fixtures';
import { renderRoute } from '../../../test/render-route';
import type { BillingLinks } from '../utils/billing-links';
import { readSelectedPlan, rememberSelectedPlan } from '../utils/selected-plan';
import { PricingScreen } from './pricing-screen';

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

let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  api = mockApi({
    'GET /api/v1/package-list': (request) => ({
      data: { packages: request.query.get('product_type') === 'qt' ? QUIKTRADE_PACKAGES : DISCOVER_PACKAGES },
    }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('Discover pricing', () => {
  it('shows the product switch, heading and one card per plan with the spec badges', async () => {
    renderRoute('/discover/pricing', <PricingScreen product="d" links={LINKS} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover Pricing' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Select the Product' })).toBeInTheDocument();
    expect(
      within(await screen.findByRole('article', { name: 'Professional' })).getByText('20% off'),
    ).toBeInTheDocument();
    expect(within(card('Sixer')).getByText('8% off')).toBeInTheDocument();
    expect(within(card('Trial')).getByRole('button', { name: 'Start Trial' })).toBeInTheDocument();
    expect(within(card('Starter')).getByRole('button', { name: 'Buy this Plan' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Comparison of Discover plans' })).toBeInTheDocument();
  });

  it('asks a visitor to log in, and remembers the chosen plan for after the login', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/discover/pricing', <PricingScreen product="d" links={LINKS} />);
    await user.click(
      await within(await screen.findByRole('article', { name: 'Starter' })).findByRole('button', {
        name: 'Buy this Plan',
      }),
    );
    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByText('Please login')).toBeInTheDocument();
    expect(within(popup).getByText('So we can map your account!')).toBeInTheDocument();
    expect(readSelectedPlan()).toMatchObject({ packageId: 'Starter', productType: 'd' });
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/login'));
  });

  it('creates an order for a signed-in user and goes to the payment page', async () => {
    signIn();
    api.on('POST /api/v1/initiate-subscription', { data: order() });
    const user = userEvent.setup();
    const { router } = renderRoute('/discover/pricing', <PricingScreen product="d" links={LINKS} />);
    await user.click(
      await within(await screen.findByRole('article', { name: 'Starter' })).findByRole('button', {
        name: 'Buy this Plan',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(api.calls('POST /api/v1/initiate-subscription')[0]?.body).toMatchObject({
      packageId: 'Starter',
      productType: 'd',
    });
    expect(api.calls('POST /api/v1/initiate-subscription')[0]?.body).not.toHaveProperty('amount');
  });

  it('starts the free trial: flags change, then after 1 s the message and /pages/charts', async () => {
    signIn();
    const success = vi.spyOn(toast, 'success');
    api.on('GET /api/v1/start-user-trial', {
      data: {
        product: 'd',
        packageId: 'Trial',
        validTill: '2026-11-27T04:00:00.000Z',
        message: 'Thanks, Discover Free Trial has been Activated',
        entitlements: ACTIVE_DISCOVER,
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/discover/pricing', <PricingScreen product="d" links={LINKS} />);
    await user.click(
      await within(await screen.findByRole('article', { name: 'Trial' })).findByRole('button', { name: 'Start Trial' }),
    );
    await waitFor(() => expect(readUserSession()).toMatchObject({ activeSubscription: true, trialAllowed: false }));
    expect(success).not.toHaveBeenCalled();
    await waitFor(() => expect(success).toHaveBeenCalledWith('Thanks, Discover Free Trial has been Activated'), {
      timeout: 2000,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/charts'));
  });

  it('shows the spec message when the trial was already used', async () => {
    signIn({ trialAllowed: false });
    const error = vi.spyOn(toast, 'error');
    const message = 'Free Trial is provided once per user and you have used it. Please purchase a Plan to continue.';
    api.on('GET /api/v1/start-user-trial', { status: 409, errorCode: 'TRIAL_USED', error: message });
    const user = userEvent.setup();
    renderRoute('/discover/pricing', <PricingScreen product="d" links={LINKS} />);
    const trial = await screen.findByRole('article', { name: 'Trial' });
    expect(within(trial).getByRole('button', { name: /Buy a 7-day pass for ₹499.00/ })).toBeInTheDocument();
    await user.click(within(trial).getByRole('button', { name: 'Start Trial' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(message));
  });

  it('offers to continue with a plan chosen before logging in', async () => {
    signIn();
    rememberSelectedPlan({ packageId: 'Sixer', planName: 'Sixer', productType: 'd', promoCode: null });
    const user = userEvent.setup();
    const { router } = renderRoute('/discover/pricing', <PricingScreen product="d" links={LINKS} />);
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(router.state.location.pathname).toBe('/payment');
  });
});

describe('QuikTrade pricing', () => {
  it('filters plans by period: 1M QT01/QT04, 6M QT02/QT05, 1Y QT03/QT06, with the banners', async () => {
    const user = userEvent.setup();
    renderRoute('/quiktrade/pricing', <PricingScreen product="qt" links={LINKS} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'QuikTrade Pricing' })).toBeInTheDocument();
    const shown = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'));
    await screen.findByRole('article', { name: 'Scalper' });
    expect(shown()).toEqual(['plan-Free', 'plan-QT01', 'plan-QT04', 'plan-ADDON1']);
    await user.click(screen.getByRole('radio', { name: 'Semi Annual (Upto 17% off)' }));
    expect(shown()).toEqual(['plan-Free', 'plan-QT02', 'plan-QT05', 'plan-ADDON1']);
    await user.click(screen.getByRole('radio', { name: 'Annual (Upto 34% off)' }));
    expect(shown()).toEqual(['plan-Free', 'plan-QT03', 'plan-QT06', 'plan-ADDON1']);
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Comparison of features across plans' })).toBeInTheDocument();
  });

  it('clears a Discover plan when the product is switched', async () => {
    rememberSelectedPlan({ packageId: 'Sixer', planName: 'Sixer', productType: 'd', promoCode: null });
    const user = userEvent.setup();
    renderRoute('/discover/pricing', <PricingScreen product="d" links={LINKS} />);
    await user.click(await screen.findByRole('link', { name: /QuikTrade/ }));
    expect(readSelectedPlan()).toBeNull();
  });
});
