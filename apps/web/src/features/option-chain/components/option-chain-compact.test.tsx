import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visibleColumns } from '../utils/chain-columns';
import { sampleChain } from '../utils/chain-test-fixtures';
import { chainTableRows } from '../utils/chain-table-rows';
import { OptionChainCompact } from './option-chain-compact';

const rows = chainTableRows({
  chain: sampleChain(),
  ticks: new Map(),
  period: '1D',
  references: null,
  underlying: 24_480,
});

function renderCompact(columns = visibleColumns({ iv: false, greeks: false })) {
  return render(<OptionChainCompact columns={columns} rows={rows} caption="NIFTY option chain" empty="None" />);
}

describe('the option chain at a phone’s width', () => {
  it('writes one line per strike: call LTP, strike, put LTP, with the ATM strike marked', () => {
    renderCompact();
    const lines = screen.getAllByRole('listitem');
    expect(lines.map((line) => line.getAttribute('data-strike'))).toEqual(['24400', '24500', '24600']);
    expect(lines[1]).toHaveAttribute('aria-current', 'true');
    expect(within(lines[0]!).getByRole('button').textContent).toBe('200.0024,40060.00');
  });

  it('scales the OI bars to the largest OI shown', () => {
    const { container } = renderCompact();
    const widths = [...container.querySelectorAll<HTMLElement>('.option-chain-oi-bar-ce')].map(
      (bar) => bar.style.width,
    );
    // Call OI 1L, 2L, 3L against the largest OI of either side, 3L.
    expect(widths.map((width) => Number.parseFloat(width).toFixed(1))).toEqual(['33.3', '66.7', '100.0']);
  });

  it('opens a tapped strike’s other figures, calls and puts side by side, and closes it on a second tap', () => {
    renderCompact();
    const strike = screen.getAllByRole('listitem')[1]!;
    const button = within(strike).getByRole('button', { expanded: false });
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const oiChange = within(strike).getByRole('rowheader', { name: 'OI Chg' }).closest('tr')!;
    expect(oiChange.textContent).toBe('50.00KOI Chg50.00K');
    expect(within(strike).queryByRole('rowheader', { name: 'IV' })).toBeNull();
    fireEvent.click(button);
    expect(within(strike).queryByRole('rowheader', { name: 'OI Chg' })).toBeNull();
  });

  it('lists IV and the greeks in the details when those columns are switched on', () => {
    renderCompact(visibleColumns({ iv: true, greeks: true }));
    const strike = screen.getAllByRole('listitem')[0]!;
    fireEvent.click(within(strike).getByRole('button'));
    expect(within(strike).getByRole('rowheader', { name: 'IV' }).closest('tr')!.textContent).toBe('12.50%IV12.50%');
    expect(within(strike).getByRole('rowheader', { name: 'Delta' })).toBeInTheDocument();
  });
});
