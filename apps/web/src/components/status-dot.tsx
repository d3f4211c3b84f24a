import { OverlayTrigger, Tooltip } from 'react-bootstrap';

/**
 * What the data status dot shows (spec signed-in §2.2): `live` (green) with a plan and a broker logged in,
 * `partial` (orange) when one of them is missing, `closed` (gray) outside market hours and on holidays.
 */
export type StatusDotState = 'live' | 'partial' | 'closed';

const STATE_LABELS: Readonly<Record<StatusDotState, string>> = {
  live: 'Real-time data',
  partial: 'Delayed data',
  closed: 'Market closed',
};

/** Props of `StatusDot`. */
export interface StatusDotProps {
  state: StatusDotState;
  /** When the data on screen was last updated, already formatted. */
  lastUpdated: string;
  /** Whole seconds until the next update. */
  secondsToNext: number;
  className?: string;
}

/** A coloured dot for the data status; its tooltip (hover or keyboard focus) tells the last and next update. */
export function StatusDot({ state, lastUpdated, secondsToNext, className }: StatusDotProps) {
  const lines = [`Last updated: ${lastUpdated}`, `Next update in ${secondsToNext} sec`];
  return (
    <OverlayTrigger
      placement="bottom"
      overlay={
        <Tooltip id="data-status-tooltip">
          <span className="d-block fw-semibold">{STATE_LABELS[state]}</span>
          {lines.map((line) => (
            <span key={line.slice(0, 4)} className="d-block">
              {line}
            </span>
          ))}
        </Tooltip>
      }
    >
      <button
        type="button"
        className={['status-dot-button', className].filter(Boolean).join(' ')}
        data-status={state}
        aria-label={`${STATE_LABELS[state]}. ${lines.join('. ')}`}
      >
        <span className={`status-dot status-dot-${state}`} aria-hidden="true" />
      </button>
    </OverlayTrigger>
  );
}
