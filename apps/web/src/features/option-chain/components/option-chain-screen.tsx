import {
  CHAIN_ATM_BASES,
  CHART_PERIODS,
  formatIstClockTime,
  formatIstDateTime,
  type ChainAtmBasis,
  type Clock,
} from '@fnodesk/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, ButtonGroup, Form, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { InstrumentPicker } from '../../../components/market/instrument-picker';
import { BREAKPOINTS, useMediaQuery } from '../../../lib/breakpoints';
import { downloadCsv } from '../../../lib/table/csv';
import { searchInstruments } from '../../../lib/market/search-instruments';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { useDataQuery } from '../../../lib/use-data-query';
import { usePeriodReferences } from '../api/get-period-references';
import { filterChainRows, hasFilters, NO_FILTERS, visibleColumns, type ChainFilters } from '../utils/chain-columns';
import { chainCsv, chainCsvFileName } from '../utils/chain-csv';
import {
  MAX_STRIKES,
  MIN_STRIKES,
  readChainPreferences,
  writeChainPreferences,
  type ChainPreferences,
} from '../utils/chain-preferences';
import { chainSummary, chainTableRows } from '../utils/chain-table-rows';
import { liveChainFigures, recentringKey } from '../utils/live-chain';
import { OptionChainCompact } from './option-chain-compact';
import { OptionChainSummaryStrip } from './option-chain-summary';
import { OptionChainTable } from './option-chain-table';
import './option-chain.css';

/** Props of {@link OptionChainScreen}. */
export interface OptionChainScreenProps {
  clock?: Clock;
  /** Refresh interval of delayed data (the server's `REFRESH_MS`). */
  refreshMs?: number;
  /** The server plays a past session again: prices are labelled as a replay. */
  replay?: boolean;
  /** The server's simulated market never closes (tests, demos). */
  alwaysOpen?: boolean;
  /** The strategy builder's path: a link opens it on the chain's instrument and expiry. */
  builderPath?: string;
}

const STRIKE_COUNTS = Array.from({ length: MAX_STRIKES - MIN_STRIKES + 1 }, (_, i) => MIN_STRIKES + i);

/**
 * /pages/option-chain: an underlying's option chain around ATM for one expiry — the summary strip, calls and puts
 * per strike with their changes over the chosen period, IV and greeks, the spec's table filters and CSV export of
 * what is shown. Ticks move prices, OI and volume in the live tier; delayed tiers refresh on the minute with a
 * countdown; a closed market shows its last session.
 */
export function OptionChainScreen({ clock, refreshMs, replay, alwaysOpen, builderPath }: OptionChainScreenProps) {
  const [preferences, setPreferences] = useState<ChainPreferences>(readChainPreferences);
  const [filters, setFilters] = useState<ChainFilters>(NO_FILTERS);
  const update = useCallback((patch: Partial<ChainPreferences>) => {
    setPreferences((current) => {
      const next = { ...current, ...patch };
      writeChainPreferences(next);
      return next;
    });
  }, []);
  const { name, period } = preferences;

  const expiries = useDataQuery('get_option_expiry', { name });
  const expiryList = expiries.data?.data.expiries ?? [];
  // A stored expiry that has since expired gives way to the nearest one (spec §4.4: the first is chosen).
  const expiry = expiryList.find((candidate) => candidate.date === preferences.expiry) ?? expiryList[0] ?? null;
  // A chosen expiry is asked for alongside the expiry list rather than after it; the list then confirms it.
  const requestedExpiry = expiry?.date ?? (expiries.isPending ? preferences.expiry : null);
  const request = useMemo(
    () =>
      requestedExpiry === null
        ? null
        : { name, expiry: requestedExpiry, strikes: preferences.strikes, atm: preferences.atm },
    [name, requestedExpiry, preferences.strikes, preferences.atm],
  );
  const chainQuery = useDataQuery('option_chain', request, {
    clock,
    // The page refreshes on its own schedule; switching strikes or basis keeps the old rows until the new arrive.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const answer = chainQuery.data;
  const chain = answer?.data;
  const tokens = useMemo(
    () =>
      chain === undefined
        ? []
        : [chain.spotToken, chain.futToken, ...chain.rows.flatMap((row) => [row.ce.token, row.pe.token])],
    [chain],
  );
  const optionTokens = useMemo(() => tokens.slice(2), [tokens]);

  const refetch = chainQuery.refetch;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const page = useMarketDataPage({
    exchange: 'NFO',
    served: answer,
    servedUntil: chain?.at,
    dataAt: chain?.at,
    tokens,
    // A batch of ticks for thirty-odd contracts re-renders the table once per frame.
    ticks: 'frame',
    refresh,
    // The analytics the server computes once a minute (IV, greeks, PCR over all strikes, max pain) refresh on the
    // minute in the live tier too, while ticks move the rest.
    refreshWhenLive: true,
    clock,
    refreshMs,
    replay,
    alwaysOpen,
  });
  const { mode } = page;
  const ticks = page.ticks.ticks;
  useEffect(() => {
    // Spec §8: a failed update is only logged; the chain already shown stays.
    // eslint-disable-next-line no-console -- the browser console is where failed data updates are reported.
    if (chainQuery.error !== null) console.warn('[option-chain] chain not loaded', chainQuery.error);
  }, [chainQuery.error]);

  // The ATM row and Syn Fut follow the live prices; when the ATM leaves the strike the window is centred on, the
  // window is asked for again (once per minute and live ATM), so the strikes shown move with the underlying.
  const live = useMemo(
    () => (chain === undefined ? { atmStrike: null, syntheticFuture: null } : liveChainFigures(chain, ticks)),
    [chain, ticks],
  );
  const recentredFor = useRef<string | null>(null);
  const recentring = chain === undefined ? null : recentringKey(chain, live);
  useEffect(() => {
    if (recentring === null || chainQuery.isFetching || recentredFor.current === recentring) return;
    recentredFor.current = recentring;
    refresh();
  }, [recentring, chainQuery.isFetching, refresh]);
  const atmStrike = live.atmStrike ?? chain?.atmStrike ?? null;

  const references = usePeriodReferences(optionTokens, period, chain?.at ?? null);
  const summary = useMemo(() => {
    if (chain === undefined) return null;
    const served = chainSummary(chain, ticks);
    return live.syntheticFuture === null ? served : { ...served, syntheticFuture: live.syntheticFuture };
  }, [chain, ticks, live.syntheticFuture]);
  const rows = useMemo(
    () =>
      chain === undefined
        ? []
        : chainTableRows({
            chain: { ...chain, atmStrike },
            ticks,
            period,
            references: period === '1D' ? null : (references.data ?? null),
            underlying: summary?.spot.price ?? null,
          }),
    [chain, atmStrike, ticks, period, references.data, summary],
  );
  // Below the small breakpoint the chain is a compact list (call LTP · strike · put LTP); tapping a strike opens the rest.
  const phone = !useMediaQuery(`(min-width: ${BREAKPOINTS.sm}px)`);
  const columns = useMemo(
    () => visibleColumns({ iv: preferences.showIv, greeks: preferences.showGreeks }),
    [preferences.showIv, preferences.showGreeks],
  );
  const shown = useMemo(() => filterChainRows(rows, columns, filters), [rows, columns, filters]);
  const { lastUpdatedAt, nextUpdateAt, replaying } = page;

  const setFiltersStable = useCallback((next: ChainFilters) => setFilters(next), []);
  const caption = expiry === null ? `${name} option chain` : `${name} option chain, expiry ${expiry.formattedDate}`;
  const exportCsv = () => {
    if (chain === undefined) return;
    downloadCsv(chainCsvFileName(chain.name, chain.expiry, chain.at), chainCsv(shown, columns));
  };
  const referencesLoading = period !== '1D' && references.isFetching;

  return (
    <div className="option-chain d-flex flex-column gap-2">
      <div className="d-flex flex-wrap align-items-end gap-2">
        {/* The top bar shows the title; the heading names the page for assistive technology. */}
        <h1 className="visually-hidden">Option Chain</h1>
        <Form.Group controlId="option-chain-instrument">
          <Form.Label className="small mb-0">Instrument</Form.Label>
          <InstrumentPicker
            label="Instrument"
            value={name}
            search={searchInstruments}
            onChange={(picked) => {
              // Spec §4.4: choosing an instrument clears the expiry; the first one is then chosen.
              update({ name: picked.name, expiry: null });
              setFilters(NO_FILTERS);
            }}
          />
        </Form.Group>
        <Form.Group controlId="option-chain-expiry">
          <Form.Label className="small mb-0">Expiry Date</Form.Label>
          <Form.Select
            size="sm"
            value={expiry?.date ?? ''}
            disabled={expiryList.length === 0}
            onChange={(event) => update({ expiry: event.currentTarget.value })}
          >
            {expiryList.length === 0 && <option value="">{expiries.isPending ? 'Loading…' : '–'}</option>}
            {expiryList.map((candidate) => (
              <option key={candidate.date} value={candidate.date}>
                {candidate.formattedDate}
                {candidate.series === 'monthly' ? ' (monthly)' : ''}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {builderPath !== undefined && expiry !== null && (
          <Link
            className="btn btn-sm btn-outline-primary"
            to={`${builderPath}?${new URLSearchParams({ instrument: name, expiry: expiry.date }).toString()}`}
          >
            Strategy builder
          </Link>
        )}
        <Form.Group controlId="option-chain-strikes">
          <Form.Label className="small mb-0">Strikes</Form.Label>
          <Form.Select
            size="sm"
            value={preferences.strikes}
            onChange={(event) => update({ strikes: Number(event.currentTarget.value) })}
          >
            {STRIKE_COUNTS.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="option-chain-atm">
          <Form.Label className="small mb-0">ATM</Form.Label>
          <Form.Select
            size="sm"
            value={preferences.atm}
            onChange={(event) => update({ atm: event.currentTarget.value as ChainAtmBasis })}
          >
            {CHAIN_ATM_BASES.map((basis) => (
              <option key={basis} value={basis}>
                {basis}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="d-flex flex-column">
          <span className="small" id="option-chain-period-label">
            Period
          </span>
          <ButtonGroup size="sm" aria-labelledby="option-chain-period-label">
            {CHART_PERIODS.map((candidate) => (
              <Button
                key={candidate}
                variant={candidate === period ? 'primary' : 'outline-primary'}
                aria-pressed={candidate === period}
                onClick={() => update({ period: candidate })}
              >
                {candidate}
              </Button>
            ))}
          </ButtonGroup>
        </div>
        {referencesLoading && (
          <Spinner animation="border" size="sm" role="status" aria-label="Loading period changes" />
        )}
        {period !== '1D' && references.isError && !references.isFetching && (
          <span className="small text-danger align-self-center">
            Changes over {period} could not be loaded.{' '}
            <Button size="sm" variant="link" className="p-0 align-baseline" onClick={() => void references.refetch()}>
              Try again
            </Button>
          </span>
        )}
        <div className="d-flex gap-3 align-self-center ms-1">
          <Form.Check
            type="switch"
            id="option-chain-show-iv"
            label="IV"
            checked={preferences.showIv}
            onChange={(event) => update({ showIv: event.currentTarget.checked })}
          />
          <Form.Check
            type="switch"
            id="option-chain-show-greeks"
            label="Greeks"
            checked={preferences.showGreeks}
            onChange={(event) => update({ showGreeks: event.currentTarget.checked })}
          />
        </div>
      </div>

      {page.banner !== null && (
        <Alert
          variant={page.banner.variant}
          className="py-1 px-2 mb-0 small"
          role="status"
          data-testid="option-chain-banner"
        >
          {page.banner.text}
        </Alert>
      )}

      {summary !== null && (
        <OptionChainSummaryStrip
          summary={summary}
          lastUpdated={lastUpdatedAt === null ? null : formatIstDateTime(lastUpdatedAt)}
          atmBasis={chain?.atmBasis ?? preferences.atm}
        />
      )}

      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="small text-body-secondary d-flex flex-wrap gap-3 me-auto" aria-live="off">
          {mode === 'closed' && lastUpdatedAt !== null && (
            <span>Market closed · Last Updated: {formatIstClockTime(lastUpdatedAt)}</span>
          )}
          {mode === 'refresh' && nextUpdateAt !== null && (
            <span data-testid="option-chain-countdown">Next Update in {page.nextUpdateSeconds} sec</span>
          )}
          {mode === 'live' && <span className="text-success">{replaying ? 'Live (Replay)' : 'Live'}</span>}
          {mode !== 'live' && mode !== null && replaying && <span>Replay</span>}
          {page.stale && <span className="text-warning-emphasis">No new prices for a while</span>}
          {chain !== undefined && (
            <span data-testid="option-chain-row-count">
              {shown.length === rows.length ? `${rows.length} strikes` : `${shown.length} of ${rows.length} strikes`}
            </span>
          )}
        </div>
        <Form.Control
          size="sm"
          type="search"
          className="w-auto option-chain-text-filter"
          placeholder="Filter by symbol or strike"
          aria-label="Filter by symbol or strike"
          value={filters.text}
          onChange={(event) => setFilters({ ...filters, text: event.currentTarget.value })}
        />
        {hasFilters(filters) && (
          <Button size="sm" variant="outline-secondary" onClick={() => setFilters(NO_FILTERS)}>
            Clear filters
          </Button>
        )}
        <Button size="sm" variant="outline-primary" disabled={shown.length === 0} onClick={exportCsv}>
          Export CSV
        </Button>
      </div>

      <ChainBody
        state={
          expiries.isError && expiries.data === undefined
            ? 'expiries-error'
            : expiries.data !== undefined && expiryList.length === 0
              ? 'no-expiries'
              : chainQuery.isError && answer === undefined
                ? 'error'
                : answer === undefined
                  ? 'loading'
                  : 'ready'
        }
        name={name}
        onRetry={() => void (expiries.isError ? expiries.refetch() : refetch())}
      >
        <div
          aria-busy={chainQuery.isPlaceholderData}
          className={chainQuery.isPlaceholderData ? 'opacity-50' : undefined}
        >
          {phone ? (
            <OptionChainCompact
              columns={columns}
              rows={shown}
              caption={caption}
              empty={rows.length === 0 ? 'No strikes are listed for this expiry.' : 'No strikes match the filters.'}
            />
          ) : (
            <OptionChainTable
              columns={columns}
              rows={shown}
              totalRows={rows.length}
              filters={filters}
              onFiltersChange={setFiltersStable}
              caption={caption}
              atmStrike={atmStrike}
            />
          )}
        </div>
      </ChainBody>
    </div>
  );
}

type BodyState = 'loading' | 'error' | 'expiries-error' | 'no-expiries' | 'ready';

/** The table area in each of its states. */
function ChainBody({
  state,
  name,
  onRetry,
  children,
}: {
  state: BodyState;
  name: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (state === 'ready') return <>{children}</>;
  return (
    <div className="d-flex flex-column align-items-center justify-content-center text-body-secondary py-5 border rounded">
      {state === 'loading' && <Spinner animation="border" role="status" aria-label="Loading the option chain" />}
      {(state === 'error' || state === 'expiries-error') && (
        <>
          <p className="mb-2">
            {state === 'error' ? 'The option chain could not be loaded.' : 'The expiries could not be loaded.'}
          </p>
          <Button size="sm" variant="outline-primary" onClick={onRetry}>
            Try again
          </Button>
        </>
      )}
      {state === 'no-expiries' && <p className="mb-0">No option expiries are listed for {name}.</p>}
    </div>
  );
}
