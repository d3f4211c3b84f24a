import { useCallback, useMemo, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { passesColumnFilters, type ColumnFilterTexts } from '../../../components/data-table/data-table-columns';
import { PageHeader } from '../../../components/market/page-header';
import { useFnoUniverse } from '../hooks/use-fno-universe';
import { useStoredChoices } from '../../../lib/use-stored-choices';
import { buildUpWindowLabel } from '../../../lib/market/build-up-window';
import type { FutureRow } from '../utils/futures-rows';
import { applyPreset, PRESETS, presetOf, type PresetId } from '../utils/presets';
import { groupMembers } from '../utils/stock-groups';
import { futureColumns } from './future-columns';
import { BuildUpWindowButtons, ExpirySlotSelect, GroupSelect } from './futures-controls';
import { SavedScans } from './saved-scans';
import { UniverseState } from './universe-state';

const PRESET_IDS = PRESETS.map((preset) => preset.id) as [PresetId, ...PresetId[]];

const ChoicesSchema = z.object({
  group: z.enum(['all', 'nifty', 'banknifty', 'niftynxt50', 'sensex', 'midcpnifty']).catch('all'),
  slot: z.enum(['near', 'next', 'far']).catch('near'),
  window: z.enum(['prevClose', 'open', '15m', '1h']).catch('prevClose'),
  preset: z.enum(PRESET_IDS).nullable().catch(null),
  indices: z.boolean().catch(true),
});

const rowId = (row: FutureRow) => String(row.token);
const rowAttributes = (row: FutureRow) => ({ 'data-symbol': row.symbol, 'data-token': String(row.token) });

/**
 * /pages/fno-stocks, Market Movers: every F&O future of the chosen month with its price, OI, volume and day range
 * against the previous close, the preset chips (gainers, losers, build-ups, O=H/O=L, active contracts), a filter
 * under every column, the §2.10 groups, build-up over any window, saved scans with a toast when a symbol enters,
 * and CSV export. Prices follow the feed in the live tier; delayed tiers refresh on the minute.
 */
export function MarketMoversScreen() {
  const [choices, choose] = useStoredChoices('fno-stocks', ChoicesSchema);
  const [searchParams] = useSearchParams();
  // A Futures Dashboard card opens the page on its chip.
  const linkedPreset = PRESET_IDS.find((id) => id === searchParams.get('preset')) ?? null;
  const [preset, setPreset] = useState<PresetId | null>(linkedPreset ?? choices.preset);
  const [filters, setFilters] = useState<ColumnFilterTexts>({});
  const universe = useFnoUniverse({ slot: choices.slot, window: choices.window, keepUp: { kind: 'ticks' } });
  const { page } = universe;
  const windowLabel = buildUpWindowLabel(choices.window);
  const columns = useMemo(() => futureColumns(windowLabel), [windowLabel]);
  const columnIds = useMemo(() => new Set(columns.map((column) => column.id)), [columns]);

  const members = useMemo(
    () => (universe.sectors === undefined ? null : groupMembers(choices.group, universe.sectors)),
    [universe.sectors, choices.group],
  );
  const inGroup = useMemo(
    () =>
      universe.rows.filter((row) =>
        row.isIndex ? choices.group === 'all' && choices.indices : members === null || members.has(row.symbol),
      ),
    [universe.rows, members, choices.group, choices.indices],
  );
  const shown = useMemo(() => (preset === null ? inGroup : applyPreset(inGroup, presetOf(preset))), [inGroup, preset]);
  const matchesOf = useCallback(
    (scan: ColumnFilterTexts) =>
      inGroup.filter((row) => passesColumnFilters(row, columns, scan)).map((row) => row.symbol),
    [inGroup, columns],
  );
  const pickPreset = (id: PresetId | null) => {
    setPreset(id);
    choose({ preset: id });
  };

  return (
    <div className="market-movers d-flex flex-column gap-2">
      <PageHeader
        title="Market Movers"
        idPrefix="market-movers"
        status={{
          mode: page.mode,
          lastUpdatedAt: page.lastUpdatedAt,
          nextUpdateSeconds: page.nextUpdateSeconds,
          replay: page.replaying,
        }}
        banner={page.banner === null ? null : { text: page.banner.text, tone: page.banner.variant }}
      >
        <GroupSelect idPrefix="market-movers" value={choices.group} onChange={(group) => choose({ group })} />
        <ExpirySlotSelect idPrefix="market-movers" value={choices.slot} onChange={(slot) => choose({ slot })} />
        <BuildUpWindowButtons
          idPrefix="market-movers"
          value={choices.window}
          onChange={(window) => choose({ window })}
        />
        <Form.Check
          type="switch"
          id="market-movers-indices"
          className="small mb-1"
          label="Index futures"
          checked={choices.indices}
          disabled={choices.group !== 'all'}
          onChange={(event) => choose({ indices: event.currentTarget.checked })}
        />
      </PageHeader>
      <div className="d-flex flex-wrap gap-1" role="group" aria-label="Presets">
        <Button
          size="sm"
          variant={preset === null ? 'dark' : 'outline-secondary'}
          aria-pressed={preset === null}
          onClick={() => pickPreset(null)}
        >
          All
        </Button>
        {PRESETS.map((entry) => (
          <Button
            key={entry.id}
            size="sm"
            variant={preset === entry.id ? 'dark' : 'outline-secondary'}
            aria-pressed={preset === entry.id}
            onClick={() => pickPreset(entry.id)}
          >
            {entry.label}
          </Button>
        ))}
      </div>
      <UniverseState state={universe.state} what="the futures" retry={universe.retry}>
        <DataTable
          // A chip orders the rows itself; a new chip starts the table's own sorting afresh.
          key={preset ?? 'all'}
          columns={columns}
          rows={shown}
          rowId={rowId}
          rowAttributes={rowAttributes}
          caption="F&O futures"
          testId="market-movers-table"
          filters={filters}
          onFiltersChange={setFilters}
          stickyColumnId="symbol"
          columnChooser
          initiallyHidden={['windowPricePercent', 'oiValue']}
          csvFileName={`market-movers-${choices.slot}.csv`}
          emptyText="No future matches this chip."
          toolbar={<SavedScans filters={filters} onLoad={setFilters} columnIds={columnIds} matchesOf={matchesOf} />}
        />
      </UniverseState>
    </div>
  );
}
