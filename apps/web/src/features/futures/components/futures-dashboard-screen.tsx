import { BUILD_UP_STYLES, formatIndianNumber } from '@fnodesk/domain';
import { useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { z } from 'zod';
import { ChoiceButtons, PageHeader } from '../../../components/market/page-header';
import { useFnoUniverse } from '../hooks/use-fno-universe';
import { useStoredChoices } from '../../../lib/use-stored-choices';
import { cardRows, DASHBOARD_CARDS, sectorBuildUps, type DashboardCard } from '../utils/dashboard-cards';
import type { FutureRow } from '../utils/futures-rows';
import { groupMembers } from '../utils/stock-groups';
import { BuildUpWindowButtons, GroupSelect } from './futures-controls';
import { UniverseState } from './universe-state';

/** Spec signed-in §2.11: the futures dashboard refreshes every 15 seconds. */
export const FUTURES_DASHBOARD_REFRESH_MS = 15_000;

const ChoicesSchema = z.object({
  group: z.enum(['all', 'nifty', 'banknifty', 'niftynxt50', 'sensex', 'midcpnifty']).catch('all'),
  window: z.enum(['prevClose', 'open', '15m', '1h']).catch('prevClose'),
  size: z.enum(['5', '10']).catch('5'),
  indices: z.boolean().catch(false),
});

function figureText(card: DashboardCard, value: number | null): string {
  if (value === null) return '–';
  if (card.figure === 'rupees') return `₹${formatIndianNumber(value / 1e7, 2)} Cr`;
  return `${value > 0 ? '+' : ''}${formatIndianNumber(value, 2)}%`;
}

function TopCard({ card, rows, marketMovers }: { card: DashboardCard; rows: FutureRow[]; marketMovers: string }) {
  const largest = Math.max(...rows.map((row) => Math.abs(card.value(row) ?? 0)), 0);
  return (
    <section className="card h-100" data-testid={`dashboard-card-${card.id}`}>
      <div className="card-header py-1 d-flex align-items-center justify-content-between">
        <h2 className="h6 mb-0">{card.title}</h2>
        <Link className="small" to={`${marketMovers}?preset=${encodeURIComponent(card.opens)}`}>
          All
        </Link>
      </div>
      <ol className="list-unstyled mb-0 p-2 d-flex flex-column gap-1">
        {rows.length === 0 && <li className="small text-body-secondary">None now.</li>}
        {rows.map((row) => {
          const value = card.value(row);
          const width = largest === 0 || value === null ? 0 : (Math.abs(value) / largest) * 100;
          const colour =
            card.figure === 'rupees' ? 'bg-primary' : value !== null && value < 0 ? 'bg-danger' : 'bg-success';
          return (
            <li
              key={row.token}
              data-symbol={row.symbol}
              data-token={row.token}
              data-value={value ?? ''}
              className="small"
            >
              <div className="d-flex justify-content-between gap-2">
                <span className="fw-semibold">{row.symbol}</span>
                <span className="font-monospace">{figureText(card, value)}</span>
              </div>
              <div className="progress" style={{ height: 4 }} aria-hidden="true">
                <div className={`progress-bar ${colour}`} style={{ width: `${width}%` }} />
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * /pages/future-dashboard, Futures Dashboard: twelve top-N cards (price and OI gainers and losers, the four
 * build-ups, O=H and O=L, the most active contracts by OI and by traded value in ₹), refreshed every 15 s, with a
 * "since" switch for the build-ups and each sector's count of LB, SB, SC and LU. A card's "All" opens Market Movers
 * on its chip.
 */
export function FuturesDashboardScreen({ marketMoversPath }: { marketMoversPath: string }) {
  const [choices, choose] = useStoredChoices('future-dashboard', ChoicesSchema);
  const universe = useFnoUniverse({
    slot: 'near',
    window: choices.window,
    keepUp: { kind: 'poll', pollMs: FUTURES_DASHBOARD_REFRESH_MS },
  });
  const { page } = universe;
  const members = useMemo(
    () => (universe.sectors === undefined ? null : groupMembers(choices.group, universe.sectors)),
    [universe.sectors, choices.group],
  );
  const rows = useMemo(
    () =>
      universe.rows.filter((row) =>
        row.isIndex ? choices.group === 'all' && choices.indices : members === null || members.has(row.symbol),
      ),
    [universe.rows, members, choices.group, choices.indices],
  );
  const size = Number(choices.size);
  const sectors = useMemo(() => sectorBuildUps(rows.filter((row) => !row.isIndex)), [rows]);
  const receivedAt = universe.answer?.receivedAt ?? null;
  const nextPoll =
    receivedAt === null ? null : Math.max(0, Math.ceil((receivedAt + FUTURES_DASHBOARD_REFRESH_MS - page.now) / 1000));

  return (
    <div className="futures-dashboard d-flex flex-column gap-2">
      <PageHeader
        title="Futures Dashboard"
        idPrefix="futures-dashboard"
        status={{
          mode: page.mode,
          lastUpdatedAt: page.lastUpdatedAt,
          nextUpdateSeconds: page.mode === 'closed' ? null : nextPoll,
          replay: page.replaying,
        }}
        banner={page.banner === null ? null : { text: page.banner.text, tone: page.banner.variant }}
      >
        <GroupSelect idPrefix="futures-dashboard" value={choices.group} onChange={(group) => choose({ group })} />
        <BuildUpWindowButtons
          idPrefix="futures-dashboard"
          value={choices.window}
          onChange={(window) => choose({ window })}
        />
        <ChoiceButtons
          id="futures-dashboard-size"
          label="Top"
          choice={{ options: ['5', '10'] as const, value: choices.size, onChange: (value) => choose({ size: value }) }}
        />
        <Form.Check
          type="switch"
          id="futures-dashboard-indices"
          className="small mb-1"
          label="Index futures"
          checked={choices.indices}
          disabled={choices.group !== 'all'}
          onChange={(event) => choose({ indices: event.currentTarget.checked })}
        />
      </PageHeader>
      <UniverseState state={universe.state} what="the futures" retry={universe.retry}>
        <div className="row g-2">
          {DASHBOARD_CARDS.map((card) => (
            <div key={card.id} className="col-12 col-sm-6 col-lg-4 col-xxl-3">
              <TopCard card={card} rows={cardRows(rows, card, size)} marketMovers={marketMoversPath} />
            </div>
          ))}
        </div>
        <section className="card" data-testid="sector-build-ups">
          <div className="card-header py-1">
            <h2 className="h6 mb-0">Build-ups by sector</h2>
          </div>
          <div className="table-responsive">
            <table className="table table-sm mb-0">
              <caption className="visually-hidden">Build-ups by sector</caption>
              <thead>
                <tr>
                  <th scope="col">Sector</th>
                  {(['LB', 'SB', 'SC', 'LU'] as const).map((label) => (
                    <th key={label} scope="col" className="text-end" title={BUILD_UP_STYLES[label].label}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sectors.map(({ sector, counts }) => (
                  <tr key={sector}>
                    <th scope="row" className="fw-normal">
                      {sector}
                    </th>
                    {(['LB', 'SB', 'SC', 'LU'] as const).map((label) => (
                      <td key={label} className={`text-end font-monospace text-${BUILD_UP_STYLES[label].tone}`}>
                        {counts[label]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </UniverseState>
    </div>
  );
}
