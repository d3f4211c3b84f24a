import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchInstruments } from '../../lib/market/search-instruments';
import { mockApi } from '../../test/api-mock';
import { indexInstrument } from '../../test/instrument-fixtures';
import { INSTRUMENT_NOT_FOUND, InstrumentPicker } from './instrument-picker';

function renderPicker(onChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <InstrumentPicker value="NIFTY" label="Instrument of chart 1" onChange={onChange} search={searchInstruments} />
    </QueryClientProvider>,
  );
  return onChange;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('InstrumentPicker', () => {
  it('searches as the user types and chooses with the arrow keys and Enter', async () => {
    const api = mockApi({
      'GET /data/v1/search': (request) => ({
        data: [indexInstrument('NIFTY', 1), indexInstrument('BANKNIFTY', 2)].filter((i) =>
          i.name.includes(request.query.get('query') ?? ''),
        ),
      }),
    });
    const onChange = renderPicker();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Instrument of chart 1' });
    expect(box).toHaveValue('NIFTY');

    await user.click(box);
    await user.keyboard('BANK');
    expect(await screen.findByRole('option', { name: 'BANKNIFTY' })).toBeInTheDocument();
    expect(api.calls('GET /data/v1/search').at(-1)?.query.get('query')).toBe('BANK');
    await user.keyboard('{ArrowDown}{Enter}');

    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ instrumentToken: 2 }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it("says 'Instrument Not Found !' when nothing matches, and Escape gives up", async () => {
    mockApi({ 'GET /data/v1/search': { data: [] } });
    const onChange = renderPicker();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('ZZZ');
    expect(await screen.findByText(INSTRUMENT_NOT_FOUND)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox')).toHaveValue('NIFTY');
    expect(onChange).not.toHaveBeenCalled();
  });
});
