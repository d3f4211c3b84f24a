import type { DrawingTool } from '@fnodesk/charts/drawing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_ADVANCE_CHART_PREFERENCES, type AdvanceChartPreferences } from '../utils/advance-chart-preferences';
import { AdvanceChartToolbar } from './advance-chart-toolbar';

const EXPIRIES = [
  {
    date: '2026-11-24',
    formattedDate: '24-Nov-2026',
    series: 'weekly' as const,
    shiftedForHoliday: false,
    expiresAt: 0,
  },
];

function renderToolbar(
  preferences: AdvanceChartPreferences = DEFAULT_ADVANCE_CHART_PREFERENCES,
  tool: DrawingTool | null = null,
) {
  const onChange = vi.fn<(next: AdvanceChartPreferences) => void>();
  const onToolChange = vi.fn<(next: DrawingTool | null) => void>();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AdvanceChartToolbar
          preferences={preferences}
          onChange={onChange}
          instrument="NIFTY"
          expiry="2026-11-24"
          expiries={EXPIRIES}
          expiriesLoading={false}
          tool={tool}
          onToolChange={onToolChange}
          chartsPath="/pages/option-chain-charts"
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onChange, onToolChange };
}

describe('Advance Chart toolbar', () => {
  it('adds an indicator from the menu, kept in menu order', async () => {
    const { onChange } = renderToolbar({ ...DEFAULT_ADVANCE_CHART_PREFERENCES, indicators: ['rsi'] });
    await userEvent.click(screen.getByRole('button', { name: 'Indicators (1)' }));
    await userEvent.click(screen.getByLabelText('EMA 20'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ indicators: ['ema', 'rsi'] }));
  });

  it('removes an indicator unticked in the menu', async () => {
    const { onChange } = renderToolbar({ ...DEFAULT_ADVANCE_CHART_PREFERENCES, indicators: ['vwap', 'rsi'] });
    await userEvent.click(screen.getByRole('button', { name: 'Indicators (2)' }));
    await userEvent.click(screen.getByLabelText('RSI 14 (own pane)'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ indicators: ['vwap'] }));
  });

  it('changes an indicator’s period when the field is left', async () => {
    const { onChange } = renderToolbar();
    await userEvent.click(screen.getByRole('button', { name: 'Indicators' }));
    const field = screen.getByLabelText('EMA period');
    await userEvent.clear(field);
    await userEvent.type(field, '9{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ settings: expect.objectContaining({ ema: { period: 9 } }) as unknown }),
    );
  });

  it('puts back a period out of range', async () => {
    const { onChange } = renderToolbar();
    await userEvent.click(screen.getByRole('button', { name: 'Indicators' }));
    const field = screen.getByLabelText('RSI period');
    await userEvent.clear(field);
    await userEvent.type(field, '1{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(field).toHaveValue(14);
  });

  it('picks a drawing tool for the next click on a chart', async () => {
    const { onToolChange } = renderToolbar();
    await userEvent.click(screen.getByRole('button', { name: 'Trend line' }));
    expect(onToolChange).toHaveBeenLastCalledWith('trend-line');
  });

  it('shows the active tool as pressed and drops it when pressed again', async () => {
    const { onToolChange } = renderToolbar(DEFAULT_ADVANCE_CHART_PREFERENCES, 'horizontal-line');
    const button = screen.getByRole('button', { name: 'Horizontal line' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button);
    expect(onToolChange).toHaveBeenLastCalledWith(null);
  });

  it('forces 5m when 5D is chosen with 1m candles (spec §4.4)', async () => {
    const { onChange } = renderToolbar({ ...DEFAULT_ADVANCE_CHART_PREFERENCES, resolution: '1m' });
    await userEvent.click(screen.getByRole('button', { name: '5D' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ period: '5D', resolution: '5m' }));
  });

  it('links back to Option Chain Charts', () => {
    renderToolbar();
    expect(screen.getByRole('link', { name: 'Option Chain Charts' })).toHaveAttribute(
      'href',
      '/pages/option-chain-charts',
    );
  });

  it('offers 1 to 15 strikes', () => {
    renderToolbar();
    const options = screen.getByLabelText('Strikes').querySelectorAll('option');
    expect([...options].map((option) => option.value)).toEqual(Array.from({ length: 15 }, (_, i) => String(i + 1)));
  });
});
