import { CandleChartView, type ChartTheme } from '@fnodesk/charts';
import type { Candle } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button, ButtonGroup, Form } from 'react-bootstrap';
import { z } from 'zod';
import { PageHeader } from '../../../components/market/page-header';
import { useDataQuery } from '../../../lib/use-data-query';
import { useFnoUniverse } from '../hooks/use-fno-universe';
import { useStoredChoices } from '../../../lib/use-stored-choices';
import { applyPreset, PRESETS, presetOf, type PresetId } from '../utils/presets';
import { groupMembers } from '../utils/stock-groups';
import { CHARTS_PER_PAGE, lastSessions, pageCount, pageItems } from '../utils/trade-finder-pages';
import { GroupSelect } from './futures-controls';
import { UniverseState } from './universe-state';

/** Pages brief G1: the ranking is read again every 3 minutes (or on Refresh). */
const RANKING_REFRESH_MS = 3 * 60_000;
const RESOLUTIONS = ['5m', '15m'] as const;
const PERIOD_DAYS: Readonly<Record<'1D' | '2D', number>> = { '1D': 1, '2D': 2 };
// Calendar days fetched to cover two sessions across a weekend or a holiday.
const LOOK_BACK_MS = 6 * 86_400_000;
const NO_CANDLES: readonly Candle[] = [];
const PRESET_IDS = PRESETS.map((preset) => preset.id) as [PresetId, ...PresetId[]];

const ChoicesSchema = z.object({
  preset: z.enum(PRESET_IDS).catch('price-gainers'),
  group: z.enum(['all', 'nifty', 'banknifty', 'niftynxt50', 'sensex', 'midcpnifty']).catch('all'),
  resolution: z.enum(RESOLUTIONS).catch('5m'),
  period: z.enum(['1D', '2D']).catch('2D'),
  basis: z.enum(['Spot', 'Fut']).catch('Spot'),
  atp: z.boolean().catch(true),
});

/**
 * /pages/trade-finder, Trade Finder: the futures ranked by a Market Movers chip (price gainers by default), eight
 * mini candle charts a page (spot or future, 5m or 15m, one or two sessions) each titled with its % move, with the
 * ATP line and volume, and a pager. The ranking is read again every 3 minutes or on Refresh.
 */
export function TradeFinderScreen({ theme }: { theme: ChartTheme }) {
  const [choices, choose] = useStoredChoices('trade-finder', ChoicesSchema);
  const [page, setPage] = useState(0);
  const universe = useFnoUniverse({
    slot: 'near',
    window: 'prevClose',
    keepUp: { kind: 'poll', pollMs: RANKING_REFRESH_MS },
  });
  const members = useMemo(
    () => (universe.sectors === undefined ? null : groupMembers(choices.group, universe.sectors)),
    [universe.sectors, choices.group],
  );
  const ranked = useMemo(
    () =>
      applyPreset(
        universe.rows.filter((row) => !row.isIndex && (members === null || members.has(row.symbol))),
        presetOf(choices.preset),
      ),
    [universe.rows, members, choices.preset],
  );
  const pages = pageCount(ranked.length);
  const current = Math.min(page, pages - 1);
  const shown = pageItems(ranked, current);
  const tokenOf = (row: (typeof shown)[number]) => (choices.basis === 'Spot' ? row.underlyingToken : row.token);
  const tokens = shown.map(tokenOf);
  const marketNow = universe.page.lastUpdatedAt;
  const candlesQuery = useDataQuery(
    'pattern',
    tokens.length === 0 || marketNow === null
      ? null
      : {
          tokens,
          type: choices.resolution,
          // Whole minutes, so the request (and its cache entry) changes once a minute at most.
          from: String(Math.floor((marketNow - LOOK_BACK_MS) / 60_000) * 60_000),
          to: String(Math.floor(marketNow / 60_000) * 60_000 + 60_000),
        },
    { staleTime: 60_000, placeholderData: keepPreviousData },
  );
  const candlesOf = useMemo(() => {
    const map = new Map<number, Candle[]>();
    for (const { token, candles } of candlesQuery.data?.data ?? []) {
      map.set(token, lastSessions(candles, PERIOD_DAYS[choices.period]));
    }
    return map;
  }, [candlesQuery.data, choices.period]);

  const go = (next: number) => setPage(Math.min(Math.max(0, next), pages - 1));
  const status = universe.page;

  return (
    <div className="trade-finder d-flex flex-column gap-2">
      <PageHeader
        title="Trade Finder"
        idPrefix="trade-finder"
        resolution={{
          options: RESOLUTIONS,
          value: choices.resolution,
          onChange: (value) => choose({ resolution: RESOLUTIONS.find((entry) => entry === value) ?? '5m' }),
        }}
        period={{
          options: ['1D', '2D'] as const,
          value: choices.period,
          onChange: (period) => choose({ period: period === '1D' ? '1D' : '2D' }),
        }}
        basis={{ options: ['Spot', 'Fut'] as const, value: choices.basis, onChange: (basis) => choose({ basis }) }}
        status={{
          mode: status.mode,
          lastUpdatedAt: status.lastUpdatedAt,
          nextUpdateSeconds: status.nextUpdateSeconds,
          replay: status.replaying,
        }}
        banner={status.banner === null ? null : { text: status.banner.text, tone: status.banner.variant }}
      >
        <Form.Group controlId="trade-finder-category">
          <Form.Label className="small mb-0">Category</Form.Label>
          <Form.Select
            size="sm"
            value={choices.preset}
            onChange={(event) => {
              choose({ preset: PRESET_IDS.find((id) => id === event.currentTarget.value) ?? 'price-gainers' });
              setPage(0);
            }}
          >
            {PRESETS.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <GroupSelect
          idPrefix="trade-finder"
          value={choices.group}
          onChange={(group) => {
            choose({ group });
            setPage(0);
          }}
        />
        <Form.Check
          type="checkbox"
          id="trade-finder-atp"
          className="small mb-1"
          label="ATP"
          checked={choices.atp}
          onChange={(event) => choose({ atp: event.currentTarget.checked })}
        />
        <Button size="sm" variant="outline-primary" className="mb-1" onClick={universe.retry}>
          Refresh
        </Button>
      </PageHeader>
      <UniverseState state={universe.state} what="the futures" retry={universe.retry}>
        <nav className="d-flex flex-wrap align-items-center gap-2" aria-label="Chart pages">
          <ButtonGroup size="sm">
            <Button variant="outline-secondary" disabled={current === 0} onClick={() => go(0)}>
              First
            </Button>
            <Button variant="outline-secondary" disabled={current === 0} onClick={() => go(current - 1)}>
              Prev
            </Button>
            <Button variant="outline-secondary" disabled aria-current="page" data-testid="trade-finder-page">
              {current + 1} / {pages}
            </Button>
            <Button variant="outline-secondary" disabled={current >= pages - 1} onClick={() => go(current + 1)}>
              Next
            </Button>
            <Button variant="outline-secondary" disabled={current >= pages - 1} onClick={() => go(pages - 1)}>
              Last
            </Button>
          </ButtonGroup>
          <span className="small text-body-secondary">
            {ranked.length} futures, {CHARTS_PER_PAGE} a page
          </span>
        </nav>
        {ranked.length === 0 ? (
          <p className="text-body-secondary">No future matches {presetOf(choices.preset).label} now.</p>
        ) : (
          <div className="row g-2">
            {shown.map((row) => {
              const token = tokenOf(row);
              const candles = candlesOf.get(token);
              const move = row.ltpChangePercent;
              return (
                <section
                  key={row.token}
                  className="col-12 col-md-6 col-xl-3"
                  data-testid="trade-finder-chart"
                  data-symbol={row.symbol}
                  data-loaded={candles !== undefined && candles.length > 0}
                  aria-label={`${row.symbol} ${choices.basis}`}
                >
                  <h2 className="h6 mb-1">
                    {row.symbol}{' '}
                    <span
                      className={`small ${move === null || move === 0 ? '' : move > 0 ? 'text-success' : 'text-danger'}`}
                    >
                      ({move === null ? '–' : `${formatIndianNumber(move, 2)} %`})
                    </span>
                  </h2>
                  <CandleChartView
                    className="border rounded"
                    style={{ height: 220 }}
                    theme={theme}
                    candles={candles ?? NO_CANDLES}
                    showAtp={choices.atp}
                    showOi={false}
                    showLegend={false}
                    ariaLabel={`${row.symbol} ${choices.resolution} candles`}
                  />
                </section>
              );
            })}
          </div>
        )}
      </UniverseState>
    </div>
  );
}
