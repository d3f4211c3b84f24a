import { secondsUntil } from '../../lib/live-status';
import type { ChainSnapshot } from '../../lib/market/use-chain-snapshot';
import { strikeSetCount, strikeSetOfCount } from '../../lib/market/strike-set';
import type { ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { PageHeader } from './page-header';
import { ChainSummaryCards, type SummaryFigure } from './chain-summary-cards';
import { StrikeDataTable, type StrikeDataTableProps } from './strike-data-table';
import type { StrikeRow } from './strike-rows';
import { StrikeSetPicker } from './strike-set-picker';

/** Props of {@link ChainSnapshotHeader}. */
export interface ChainSnapshotHeaderProps {
  snapshot: ChainSnapshot;
  title: string;
  idPrefix: string;
  /** Offer the CE and PE switches. */
  legs?: boolean;
  /** The page's own controls after the strike set. */
  children?: ReactNode;
}

/**
 * The header of a chain-snapshot page (pages brief G4): instrument, expiry, the strike set, the page's controls, the
 * Spot and Future cards with their changes, 'Last Updated' and the refresh countdown, and the tier banner.
 */
export function ChainSnapshotHeader({ snapshot, title, idPrefix, legs = true, children }: ChainSnapshotHeaderProps) {
  const { choices, choose, chain } = snapshot;
  const summary = chain?.summary;
  return (
    <PageHeader
      title={title}
      idPrefix={idPrefix}
      instrument={{ value: choices.name, onChange: (name) => choose({ name, expiry: null }) }}
      expiry={{
        options: snapshot.expiries,
        value: snapshot.expiry?.date ?? null,
        loading: snapshot.expiriesLoading,
        onChange: (expiry) => choose({ expiry }),
      }}
      priceCards={
        summary === undefined
          ? []
          : [
              {
                label: 'Spot',
                price: summary.spot,
                change: summary.spotChange,
                changePercent: summary.spotChangePercent,
              },
              {
                label: 'Future',
                price: summary.futures,
                change: summary.futuresChange,
                changePercent: summary.futuresChangePercent,
              },
            ]
      }
      status={{
        mode: snapshot.mode,
        lastUpdatedAt: snapshot.lastUpdatedAt,
        nextUpdateSeconds: snapshot.nextUpdateAt === null ? null : secondsUntil(snapshot.nextUpdateAt, snapshot.now),
      }}
      banner={snapshot.banner === null ? null : { text: snapshot.banner.text, tone: snapshot.banner.variant }}
    >
      <StrikeSetPicker
        idPrefix={idPrefix}
        legs={legs}
        value={strikeSetOfCount(choices.strikes, choices)}
        onChange={(set) => choose({ strikes: strikeSetCount(set), ce: set.ce, pe: set.pe })}
      />
      {children}
    </PageHeader>
  );
}

/**
 * A chain-snapshot page's body in each state: loading, failed (with a retry), no expiries listed, or its content:
 * the summary cards, the page's charts (`children`) and its strike table.
 */
export function ChainSnapshotBody<Row extends StrikeRow>({
  snapshot,
  what = 'the option chain',
  summary,
  table,
  children,
}: {
  snapshot: ChainSnapshot;
  /** What the page shows, for the messages. */
  what?: string;
  /** The summary cards above the charts. */
  summary: readonly SummaryFigure[];
  /** The strike table closing the page; the underlying is the snapshot's. */
  table: Omit<StrikeDataTableProps<Row>, 'underlying'>;
  children: ReactNode;
}) {
  const { state } = snapshot;
  if (state === 'ready') {
    return (
      <div aria-busy={snapshot.updating} className={snapshot.updating ? 'opacity-50' : undefined}>
        <div className="d-flex flex-column gap-2">
          <ChainSummaryCards figures={summary} />
          {children}
          <StrikeDataTable {...table} underlying={snapshot.choices.name} />
        </div>
      </div>
    );
  }
  return (
    <div className="d-flex flex-column align-items-center justify-content-center text-body-secondary py-5 border rounded">
      {state === 'loading' && <Spinner animation="border" role="status" aria-label={`Loading ${what}`} />}
      {(state === 'error' || state === 'expiries-error') && (
        <>
          <p className="mb-2">
            {state === 'error'
              ? `${what[0]?.toUpperCase() ?? ''}${what.slice(1)} could not be loaded.`
              : 'The expiries could not be loaded.'}
          </p>
          <Button size="sm" variant="outline-primary" onClick={snapshot.retry}>
            Try again
          </Button>
        </>
      )}
      {state === 'no-expiries' && <p className="mb-0">No option expiries are listed for {snapshot.choices.name}.</p>}
    </div>
  );
}
