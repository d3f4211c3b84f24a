import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { ACTIVE_DISCOVER, DISCOVER_PACKAGES, order, signIn } from '../../../test/billing-fixtures';
import { renderRoute } from '../../../test/render-route';
import type { BillingLinks } from '../utils/billing-links';
import { readSelectedPlan } from '../utils/selected-plan';
import { LegacyPricingScreen } from './legacy-pricing-screen';

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
  api = mockApi({ 'GET /api/v1/package-list': { data: { packages: DISCOVER_PACKAGES } } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LegacyPricingScreen (/pricing)', () => {
  it('shows each plan with its validity line, All inclusive (not for Trial), the bullets and a Login link', async () => {
    renderRoute('/pricing', <LegacyPricingScreen links={LINKS} />);
    const starter = await screen.findByRole('article', { name: 'Starter plan' });
    expect(within(starter).getByText('30 Days')).toBeInTheDocument();
    expect(within(starter).getByText('All inclusive')).toBeInTheDocument();
    expect(within(starter).getByText('More features coming soon at no extra cost..')).toBeInTheDocument();
    expect(within(starter).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/authentication/login');
    const trial = screen.getByRole('article', { name: 'Trial plan' });
    expect(within(trial).getByText('7 Days')).toBeInTheDocument();
    expect(within(trial).queryByText('All inclusive')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Sixer plan' })).getByText('6 Month')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Professional plan' })).getByText('1 Year')).toBeInTheDocument();
  });

  it('shows Trial Expired, disabled, when the trial is not allowed, and no promo input for Trial', async () => {
    signIn({ trialAllowed: false });
    renderRoute('/pricing', <LegacyPricingScreen links={LINKS} />);
    const trial = await screen.findByRole('article', { name: 'Trial plan' });
    expect(within(trial).getByRole('button', { name: 'Trial Expired' })).toBeDisabled();
    expect(within(trial).queryByLabelText('Promo code')).not.toBeInTheDocument();
  });

  it('asks Are You Sure? and, on Yes, orders the plan with the applied promo and goes to /payment', async () => {
    signIn();
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
            breakdown: order().breakdown,
          },
        ],
        reason: null,
      },
    });
    api.on('POST /api/v1/initiate-subscription', { data: order({ promoCode: 'WELCOME10' }) });
    const user = userEvent.setup();
    const { router } = renderRoute('/pricing', <LegacyPricingScreen links={LINKS} />);
    const starter = await screen.findByRole('article', { name: 'Starter plan' });
    await user.type(within(starter).getByLabelText('Promo code'), 'welcome10');
    await user.click(within(starter).getByRole('button', { name: 'Apply' }));
    expect(await within(starter).findByText('₹1,061.00')).toBeInTheDocument();
    await user.click(within(starter).getByRole('button', { name: 'Select Plan' }));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByText('Are You Sure?')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(api.calls('POST /api/v1/initiate-subscription')[0]?.body).toMatchObject({ promoCode: 'WELCOME10' });
    expect(readSelectedPlan()).toMatchObject({ packageId: 'Starter', promoCode: 'WELCOME10' });
  });

  it('starts the trial from the legacy page with its own message and goes to option chain charts', async () => {
    signIn();
    api.on('GET /api/v1/start-user-trial', {
      data: {
        product: 'd',
        packageId: 'Trial',
        validTill: '2026-11-27T04:00:00.000Z',
        message: 'Thanks, Discover Free Trial has been Activated',
        entitlements: ACTIVE_DISCOVER,
      },
    });
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const { router } = renderRoute('/pricing', <LegacyPricingScreen links={LINKS} />);
    const trial = await screen.findByRole('article', { name: 'Trial plan' });
    await user.click(within(trial).getByRole('button', { name: 'Select Plan' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Thanks,Your Free Trial has been Activated'), {
      timeout: 2000,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/option-chain-charts'));
  });

  it('closes the question on No without ordering', async () => {
    signIn();
    const user = userEvent.setup();
    renderRoute('/pricing', <LegacyPricingScreen links={LINKS} />);
    const sixer = await screen.findByRole('article', { name: 'Sixer plan' });
    await user.click(within(sixer).getByRole('button', { name: 'Select Plan' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/v1/initiate-subscription')).toHaveLength(0);
  });
});
