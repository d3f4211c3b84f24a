import type { ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import type { ChainSnapshot } from '../../lib/market/use-chain-snapshot';

/**
 * What a chain-snapshot page that charts candles shows instead of its content, or null when the content can show:
 * the snapshot loading or failed (with a retry), no expiries listed, the candles failed (with their own retry), or
 * no candles yet (`empty`).
 */
export function snapshotCandlesStatus({
  snapshot,
  title,
  what,
  candles,
  empty,
}: {
  snapshot: ChainSnapshot;
  /** The page title, naming the loading spinner. */
  title: string;
  /** What the snapshot gives the page, for its failure message: 'strikes', 'contracts'. */
  what: string;
  /** The page's candle query: whether it has rows, failed, and how to retry it. */
  candles: { rows: readonly unknown[] | null; isError: boolean; retry: () => void };
  /** Shown when there are no candles yet. */
  empty: string;
}): ReactNode {
  const { state } = snapshot;
  const box = 'd-flex flex-column align-items-center text-body-secondary py-5 border rounded';
  if (state !== 'ready' || (candles.rows === null && !candles.isError)) {
    return (
      <div className={box}>
        {state === 'no-expiries' ? (
          <p className="mb-0">No option expiries are listed for {snapshot.choices.name}.</p>
        ) : state === 'error' || state === 'expiries-error' ? (
          <>
            <p className="mb-2">The {what} could not be loaded.</p>
            <Button size="sm" variant="outline-primary" onClick={snapshot.retry}>
              Try again
            </Button>
          </>
        ) : (
          <Spinner animation="border" role="status" aria-label={`Loading ${title}`} />
        )}
      </div>
    );
  }
  if (candles.isError && candles.rows === null) {
    return (
      <div className={box}>
        <p className="mb-2">The candles could not be loaded.</p>
        <Button size="sm" variant="outline-primary" onClick={candles.retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (candles.rows !== null && candles.rows.length === 0) {
    return <p className="text-body-secondary border rounded py-5 text-center mb-0">{empty}</p>;
  }
  return null;
}
