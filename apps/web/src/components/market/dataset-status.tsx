import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { PageSpinner } from '../page-spinner';

/** Props of {@link DatasetStatus}. */
export interface DatasetStatusProps {
  /** What the page shows, for its messages ("cash market activity"). */
  subject: string;
  pending: boolean;
  error: boolean;
  empty: boolean;
  /** Tried again by the error's button. */
  onRetry: () => void;
  /** What the empty state says, when not an end-of-day file that is yet to be published. */
  emptyText?: string;
  /** The page's body once the data is in and not empty. */
  children: ReactNode;
}

/**
 * The loading, error and empty states of an end-of-day page (the exchange publishes its files after the close,
 * so a holiday or a first session simply has none yet); the page's body otherwise.
 */
export function DatasetStatus({ subject, pending, error, empty, onRetry, emptyText, children }: DatasetStatusProps) {
  if (pending) return <PageSpinner label={`Loading ${subject}…`} />;
  if (error) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2" data-testid="dataset-error">
        <span>The {subject} could not be loaded. Please try again.</span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
          Retry
        </button>
      </Alert>
    );
  }
  if (empty) {
    return (
      <Alert variant="secondary" data-testid="dataset-empty">
        {emptyText ??
          `No ${subject} has been published for these sessions yet (the exchange publishes it after the close of trading).`}
      </Alert>
    );
  }
  return <>{children}</>;
}

/** An up, down or level arrow for a change against the previous session, coloured by its sign. */
export function DirectionArrow({ direction }: { direction: 'up' | 'down' | 'flat' | null }) {
  if (direction === null) return <span className="text-body-secondary">–</span>;
  const [symbol, tone, label] =
    direction === 'up'
      ? ['▲', 'text-success', 'Up']
      : direction === 'down'
        ? ['▼', 'text-danger', 'Down']
        : ['▶', 'text-body-secondary', 'Unchanged'];
  return (
    <span className={tone} role="img" aria-label={label} title={label}>
      {symbol}
    </span>
  );
}

/** Props of {@link DatasetHeader}. */
export interface DatasetHeaderProps {
  title: string;
  /** The heading's id (the page's section is labelled by it). */
  id: string;
  /** The latest session the data covers, as the page writes it (e.g. 27-Nov-2026); null while loading. */
  asOf: string | null;
  /** The page's controls (sessions, roll-up, chips). */
  children?: ReactNode;
}

/** The heading of an end-of-day page, its "As of" session and its controls, wrapping on a phone. */
export function DatasetHeader({ title, id, asOf, children }: DatasetHeaderProps) {
  return (
    <div className="d-flex flex-wrap align-items-end gap-3">
      <div className="me-auto">
        <h1 id={id} className="h4 fw-bold mb-0">
          {title}
        </h1>
        {asOf !== null && (
          <span className="small text-body-secondary" data-testid="dataset-as-of">
            As of {asOf}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
