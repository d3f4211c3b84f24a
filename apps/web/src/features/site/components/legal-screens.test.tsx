import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { publicConfigFixture } from '../../../test/public-config';
import { ContactScreen } from './contact-screen';
import { PrivacyScreen, RefundScreen, TermsScreen } from './legal-screens';

const LINKS = {
  terms: '/terms-condition',
  privacy: '/privacy-policy',
  refund: '/refund-policy',
  contact: '/contact-us',
  subscriptions: '/subscriptions',
};

function renderWithConfig(element: ReactElement, config = publicConfigFixture()) {
  mockApi({ 'GET /api/v1/public-config': { data: config } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
  return view.container;
}

afterEach(() => vi.unstubAllGlobals());

describe('legal pages', () => {
  it('state every term of the product in the terms and conditions', () => {
    const text = renderWithConfig(<TermsScreen links={LINKS} />).textContent ?? '';

    for (const term of [
      'exchange snapshot feed plus a real-time feed from your broker',
      'gives no buy or sell recommendations',
      'not a registered investment advisor',
      'exclude 18% GST',
      'A monthly subscription means 30 days',
      'Data that goes missing (for example during a feed outage) may not be restorable',
      'adding the hours or days lost to your plan; there are no refunds',
      'All payments are non-refundable and non-transferable',
      'Subscriptions are monthly, quarterly or annual and may renew automatically',
      '‘My Plans’',
      'A coupon or promo code applies to the first period only',
      'You must be at least 13 years old',
      'valid e-mail address and mobile number',
      'All plans include real-time data once you log in with a broker account',
    ]) {
      expect(text).toContain(term);
    }
  });

  it('date the privacy policy 6-Nov-2022', () => {
    renderWithConfig(<PrivacyScreen links={LINKS} />);
    expect(screen.getByText('Last updated: 6-Nov-2022')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
  });

  it('make payments final in the refund policy, with disruptions made good in time', () => {
    const text = renderWithConfig(<RefundScreen links={LINKS} />).textContent ?? '';
    expect(text).toContain('non-refundable and non-transferable');
    expect(text).toContain('adding the hours or days lost to your plan');
  });
});

describe('ContactScreen', () => {
  it('shows a tile per configured channel, then the comparison, the terms and the disclaimer', async () => {
    renderWithConfig(
      <ContactScreen termsPath="/terms-condition" comparison={<table aria-label="comparison" />} />,
      publicConfigFixture({
        channels: {
          email: 'help@optiondesk.example',
          phone: '+91 80 4000 1234',
          whatsappUrl: 'https://wa.me/918040001234',
          telegramUrl: 'https://t.me/optiondesk',
          youtubeUrl: 'https://www.youtube.com/@optiondesk',
          blogUrl: 'https://blog.optiondesk.example',
          twitterUrl: null,
        },
      }),
    );

    expect(await screen.findByRole('link', { name: 'help@optiondesk.example' })).toHaveAttribute(
      'href',
      'mailto:help@optiondesk.example',
    );
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Support e-mail',
      'WhatsApp chat',
      'Telegram community',
      'YouTube videos',
      'Blog',
      'Phone',
      'Comparison of features across plans',
      'Terms',
      'Disclaimer',
    ]);
    expect(screen.getByRole('link', { name: '+91 80 4000 1234' })).toHaveAttribute('href', 'tel:+918040001234');
    expect(screen.getByRole('table', { name: 'comparison' })).toBeInTheDocument();
  });
});
