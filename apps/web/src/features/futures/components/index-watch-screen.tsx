import type { FeedTick, OptionChain } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { z } from 'zod';
import { PageHeader } from '../../../components/market/page-header';
import { withLivePrices } from '../../../lib/market/use-chain-snapshot';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { dataQueryOptions, useDataQuery } from '../../../lib/use-data-query';
import { useStoredChoices } from '../../../lib/use-stored-choices';
import { indexWatchFigures, MAX_WATCHED_INDICES, toggleWatched } from '../utils/index-watch';
import { UniverseState } from './universe-state';

const DEFAULT_WATCHED = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX'];
/** Spec signed-in §2.11: exchange OI arrives every 3 minutes, so PCR and max pain are read again that often. */
const OI_REFRESH_MS = 3 * 60_000;

const ChoicesSchema = z.object({
  watched: z.array(z.string().min(1).max(40)).max(MAX_WATCHED_INDICES).catch(DEFAULT_WATCHED),
});

const price = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : formatIndianNumber(value, 2);
const signed = (value: number | null, suffix = '') =>
  value === null ? '–' : `${value > 0 ? '+' : ''}${formatIndianNumber(value, 2)}${suffix}`;
const tone = (value: number | null) =>
  value === null || value === 0 ? '' : value > 0 ? 'text-success' : 'text-danger';

interface TileInput {
  name: string;
  chain: OptionChain | undefined;
  spotTick: FeedTick | undefined;
  advances: number | null;
  declines: number | null;
}

function Figure({
  label,
  value,
  testId,
  className,
}: {
  label: string;
  value: string;
  testId?: string;
  className?: string;
}) {
  return (
    <div className="d-flex justify-content-between gap-2 small">
      <dt className="fw-normal text-body-secondary">{label}</dt>
      <dd className={`mb-0 font-monospace ${className ?? ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function IndexTile({ name, chain, spotTick, advances, declines }: TileInput) {
  const atm = chain?.rows.find((row) => row.strike === chain.atmStrike);
  const spot = spotTick?.lp ?? chain?.summary.spot ?? null;
  const close = spotTick?.c ?? spotTick?.prev?.lp ?? null;
  const change = spot === null || close === null ? null : spot - close;
  const figures = indexWatchFigures({
    spot,
    future: chain?.summary.futures ?? null,
    high: spotTick?.h ?? null,
    low: spotTick?.l ?? null,
    atmCe: atm?.ce.ltp ?? null,
    atmPe: atm?.pe.ltp ?? null,
  });
  const straddle = figures.straddle;
  return (
    <section className="card h-100" data-testid="index-tile" data-index={name}>
      <div className="card-header py-1">
        <h2 className="h6 mb-0">{name}</h2>
        <div className="fw-semibold font-monospace" data-testid="index-spot">
          {price(spot)}{' '}
          <span className={`small ${tone(change)}`}>
            {signed(change)} ({signed(change === null || close === null ? null : (change / close) * 100, '%')})
          </span>
        </div>
      </div>
      <div className="card-body p-2">
        <div className="mb-2" aria-label="Day range">
          <div className="d-flex justify-content-between small text-body-secondary">
            <span>{price(spotTick?.l)}</span>
            <span>Day range</span>
            <span>{price(spotTick?.h)}</span>
          </div>
          <div className="progress" style={{ height: 6 }}>
            <div className="progress-bar bg-info" style={{ width: `${figures.rangePosition ?? 0}%` }} />
          </div>
        </div>
        <dl className="mb-0">
          <Figure label="Future" value={price(chain?.summary.futures)} />
          <Figure label="Basis" value={signed(figures.basis)} testId="index-basis" className={tone(figures.basis)} />
          <Figure label="PCR" value={price(chain?.summary.pcr)} testId="index-pcr" />
          <Figure label="Max pain" value={price(chain?.summary.maxPainStrike)} />
          <Figure label={`ATM straddle (${price(chain?.atmStrike)})`} value={price(straddle)} testId="index-straddle" />
          <Figure
            label="Expected move"
            value={
              straddle === null || spot === null
                ? '–'
                : `${price(spot - straddle)} – ${price(spot + straddle)} (±${price(figures.expectedMovePercent)}%)`
            }
          />
          <Figure
            label="Range consumed"
            value={figures.rangeConsumedPercent === null ? '–' : `${price(figures.rangeConsumedPercent)}%`}
          />
          <Figure
            label="Constituents A/D"
            value={advances === null || declines === null ? '–' : `${advances} / ${declines}`}
            testId="index-ad"
          />
        </dl>
      </div>
    </section>
  );
}

/**
 * /pages/dashboard, Index Watch: up to five indices side by side (spec §2.11), each with spot and its change, the
 * day's range, future and basis, PCR and max pain of the nearest expiry (every 3 minutes, as exchange OI arrives),
 * the ATM straddle as the expected move with bands and how much of it the day's range has used, and the
 * constituents' advances and declines. Prices follow the feed in the live tier.
 */
export function IndexWatchScreen() {
  const [choices, choose] = useStoredChoices('dashboard', ChoicesSchema);
  const atmQuery = useDataQuery('get_index_atm_instruments', {}, { staleTime: 10 * 60_000 });
  const sectorsQuery = useDataQuery('get_index_sector', {});
  const indices = useMemo(() => atmQuery.data?.data ?? [], [atmQuery.data]);
  const watched = useMemo(
    () => indices.filter((entry) => choices.watched.includes(entry.name)),
    [indices, choices.watched],
  );
  const chains = useQueries({
    queries: watched.map((entry) =>
      dataQueryOptions(
        'option_chain',
        { name: entry.name, expiry: entry.expiry, strikes: 1, atm: 'Futures' },
        { staleTime: OI_REFRESH_MS, refetchInterval: OI_REFRESH_MS, placeholderData: keepPreviousData },
      ),
    ),
  });
  const spotTokens = useMemo(() => watched.map((entry) => entry.spotToken), [watched]);
  const spotQuery = useDataQuery('ticks', spotTokens.length === 0 ? null : { tokens: spotTokens }, {
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const tokens = useMemo(() => {
    const list: number[] = [...spotTokens];
    for (const query of chains) {
      const chain = query.data?.data;
      if (chain === undefined) continue;
      list.push(chain.futToken, ...chain.rows.flatMap((row) => [row.ce.token, row.pe.token]));
    }
    return list;
  }, [spotTokens, chains]);
  const answer = spotQuery.data;
  const servedUntil = useMemo(() => {
    let latest = 0;
    for (const tick of answer?.data ?? []) latest = Math.max(latest, tick.ts);
    return latest === 0 ? undefined : latest;
  }, [answer]);
  const refetchSpot = spotQuery.refetch;
  const queryClient = useQueryClient();
  // One function for the kit's timer: the chain queries are a new array each render, their key prefix is not.
  const refresh = useCallback(() => {
    void refetchSpot();
    void queryClient.refetchQueries({ queryKey: ['option_chain'], type: 'active' });
  }, [refetchSpot, queryClient]);
  const page = useMarketDataPage({
    exchange: 'NFO',
    served: answer,
    servedUntil,
    dataAt: servedUntil,
    tokens,
    ticks: 'frame',
    refresh,
  });
  const live = page.ticks.ticks;

  const state =
    (atmQuery.isError && atmQuery.data === undefined) || (spotQuery.isError && answer === undefined)
      ? 'error'
      : atmQuery.data === undefined || (watched.length > 0 && answer === undefined)
        ? 'loading'
        : watched.length === 0
          ? 'empty'
          : 'ready';

  return (
    <div className="index-watch d-flex flex-column gap-2">
      <PageHeader
        title="Index Watch"
        idPrefix="index-watch"
        status={{
          mode: page.mode,
          lastUpdatedAt: page.lastUpdatedAt,
          nextUpdateSeconds: page.nextUpdateSeconds,
          replay: page.replaying,
        }}
        banner={page.banner === null ? null : { text: page.banner.text, tone: page.banner.variant }}
      >
        <fieldset className="d-flex flex-wrap align-items-center gap-2 small">
          <legend className="small mb-0 w-auto">Indices (up to {MAX_WATCHED_INDICES})</legend>
          {indices.map((entry) => (
            <Form.Check
              key={entry.name}
              inline
              type="checkbox"
              id={`index-watch-${entry.name}`}
              label={entry.name}
              checked={choices.watched.includes(entry.name)}
              onChange={() => choose({ watched: toggleWatched(choices.watched, entry.name) })}
            />
          ))}
        </fieldset>
      </PageHeader>
      <UniverseState state={state === 'empty' ? 'ready' : state} what="the indices" retry={refresh}>
        {watched.length === 0 && <p className="text-body-secondary">Choose up to five indices to watch.</p>}
        <div className="row g-2">
          {watched.map((entry, i) => {
            const served = chains[i]?.data?.data;
            const chain = served === undefined ? undefined : withLivePrices(served, live);
            const spotTick = live.get(entry.spotToken) ?? answer?.data.find((tick) => tick.token === entry.spotToken);
            const sector = sectorsQuery.data?.data.find((candidate) => candidate.token === entry.spotToken);
            return (
              <div key={entry.name} className="col-12 col-md-6 col-xl">
                <IndexTile
                  name={entry.name}
                  chain={chain}
                  spotTick={spotTick}
                  advances={sector?.advances ?? null}
                  declines={sector?.declines ?? null}
                />
              </div>
            );
          })}
        </div>
      </UniverseState>
    </div>
  );
}
