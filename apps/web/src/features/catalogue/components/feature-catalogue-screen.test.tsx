import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DISCOVER_CATALOGUE } from '../data/discover-features';
import { QUIKTRADE_CATALOGUE } from '../data/quiktrade-features';
import { FeatureCatalogueScreen } from './feature-catalogue-screen';

const LINKS = { discover: '/discover/features', quiktrade: '/quiktrade/features' };

function renderCatalogue(catalogue = DISCOVER_CATALOGUE) {
  render(
    <MemoryRouter>
      <FeatureCatalogueScreen catalogue={catalogue} links={LINKS} intro="intro" />
    </MemoryRouter>,
  );
}

describe('feature catalogues', () => {
  it('has the categories and every Discover feature the spec names', () => {
    expect(DISCOVER_CATALOGUE.categories).toEqual([
      'All',
      'Orderflow',
      'Futures',
      'Charts',
      'Index Watch',
      'Options',
      'Strategy',
      'Sector & Market Breadth',
      'FII/DII Statistics',
    ]);
    expect(DISCOVER_CATALOGUE.features.map((feature) => feature.name)).toEqual([
      'Orderflow Chart',
      'Advance/Decline',
      'Market Movers',
      'Index Top 10',
      'Futures/Spot Chart',
      'Futures Dashboard',
      'Trade Finder',
      'Quick Charts',
      'Advance Chart',
      'Index Watch',
      'Option Chain',
      'Option Chain Charts',
      'Option Action',
      'Option OI',
      'Price vs OI Table',
      'PCR & OI Trend',
      'Options Premium',
      'Dynamic ATM Straddle',
      'Straddle Table & Charts',
      'Multi-Strike Price',
      'Multi-Strike OI',
      'Strategy Chart',
      'NSE Sector & Constituents',
      'New Highs/New Lows',
      'Cash Market Activity',
      'FII Index Activity',
      'Participant Open Interest',
    ]);
    for (const feature of DISCOVER_CATALOGUE.features) {
      expect(DISCOVER_CATALOGUE.categories).toContain(feature.category);
    }
  });

  it("states the spec's facts in the feature texts", () => {
    const text = DISCOVER_CATALOGUE.features.flatMap((feature) => feature.lines).join('\n');
    expect(text).toContain('once per second');
    expect(text).toContain('The dashboard refreshes every 15 s.');
    expect(text).toContain('Exchange OI data arrives every 3 minutes');
    expect(text).toContain('Watch up to 5 indices');
    expect(text).toContain('15 min, 30 min, 1 h or 4 h');
    expect(text).toContain('ATM ±5');
  });

  it('has the QuikTrade categories, each with features', () => {
    expect(QUIKTRADE_CATALOGUE.categories).toEqual([
      'All',
      'Trade',
      'Order Type Supported',
      'Risk Management Options',
      'Rule Based Trading',
      'Other Unique Features',
      'Broker Supported',
    ]);
    for (const category of QUIKTRADE_CATALOGUE.categories.slice(1)) {
      expect(QUIKTRADE_CATALOGUE.features.some((feature) => feature.category === category)).toBe(true);
    }
  });

  it("shows all features, then a category's alone", async () => {
    const user = userEvent.setup();
    renderCatalogue();

    expect(screen.getAllByRole('article')).toHaveLength(27);
    await user.click(screen.getByRole('button', { name: 'FII/DII Statistics' }));

    expect(screen.getByRole('button', { name: 'FII/DII Statistics' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Cash Market Activity',
      'FII Index Activity',
      'Participant Open Interest',
    ]);
  });

  it('opens a full-screen preview with the title and numbered lines, walks to the next, and closes', async () => {
    const user = userEvent.setup();
    renderCatalogue();

    await user.click(screen.getByRole('button', { name: 'Preview Index Watch' }));
    const preview = await screen.findByRole('dialog', { name: 'Index Watch' });
    expect(preview.querySelector('.modal-dialog')).toHaveClass('modal-fullscreen');
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Watch up to 5 indices at once with price, change and breadth.',
      'Each index shows its futures premium and PCR next to the price.',
      'Updates once per second with a broker login.',
    ]);
    // Its page has not landed, so there is no screenshot yet: text only.
    expect(within(preview).queryByRole('img')).not.toBeInTheDocument();

    await user.click(within(preview).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Option Chain' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
