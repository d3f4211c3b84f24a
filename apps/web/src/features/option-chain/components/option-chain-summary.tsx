import { formatIndianNumber } from '@fnodesk/domain';
import type { ReactNode } from 'react';
import type { ChainSummary, PriceMove } from '../utils/chain-table-rows';

/** Props of {@link OptionChainSummaryStrip}. */
export interface OptionChainSummaryStripProps {
  summary: ChainSummary;
  /** 'Last Updated' as 'DD-MMM-YYYY h:mm a', or null when unknown. */
  lastUpdated: string | null;
  /** The price the ATM strike is taken from (a weekly's own synthetic future where the Futures basis is asked). */
  atmBasis: string;
}

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="option-chain-figure d-flex flex-column">
      <dt className="small text-body-secondary fw-normal">{label}</dt>
      <dd className="mb-0 fw-semibold font-monospace" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const number = (value: number | null, digits = 2) => (value === null ? '–' : formatIndianNumber(value, digits));

function Move({ move }: { move: PriceMove }) {
  if (move.change === null) return <>{number(move.price)}</>;
  const tone = move.change > 0 ? 'text-success' : move.change < 0 ? 'text-danger' : '';
  const sign = move.change > 0 ? '+' : '';
  return (
    <>
      {number(move.price)}{' '}
      <span className={`small ${tone}`}>
        {sign}
        {number(move.change)}
        {move.percent !== null && ` (${sign}${number(move.percent)}%)`}
      </span>
    </>
  );
}

/**
 * The summary strip (spec §2.9): Syn Fut, Spot Price and Future Price with change and per cent, PCR and Last
 * Updated; beyond the spec, max pain and the ATM strike's IV.
 */
export function OptionChainSummaryStrip({ summary, lastUpdated, atmBasis }: OptionChainSummaryStripProps) {
  const pcrTone = summary.pcr === null ? '' : summary.pcr >= 1 ? 'text-success' : 'text-danger';
  return (
    <dl
      className="option-chain-summary d-flex flex-wrap gap-3 mb-0 p-2 border rounded bg-body-tertiary"
      aria-label="Summary"
      data-atm-basis={atmBasis}
    >
      <Figure label="Syn Fut" testId="option-chain-syn-fut">
        {number(summary.syntheticFuture)}
      </Figure>
      <Figure label="Spot Price" testId="option-chain-spot">
        <Move move={summary.spot} />
      </Figure>
      <Figure label="Future Price" testId="option-chain-future">
        <Move move={summary.futures} />
      </Figure>
      <Figure label="PCR" testId="option-chain-pcr">
        <span className={pcrTone}>{number(summary.pcr)}</span>
      </Figure>
      <Figure label="Max Pain" testId="option-chain-max-pain">
        {number(summary.maxPain)}
      </Figure>
      <Figure label="ATM IV" testId="option-chain-atm-iv">
        {summary.atmIv === null ? '–' : `${number(summary.atmIv)}%`}
      </Figure>
      <Figure label="Last Updated" testId="option-chain-last-updated">
        {lastUpdated ?? '–'}
      </Figure>
    </dl>
  );
}
