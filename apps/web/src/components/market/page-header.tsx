import { formatIndianNumber, formatIstClockTime, formatIstDateTime } from '@fnodesk/domain';
import type { ReactNode } from 'react';
import { Alert, Button, ButtonGroup, Form } from 'react-bootstrap';
import type { ChartDataMode } from '../../lib/market/data-mode';
import { searchInstruments } from '../../lib/market/search-instruments';
import { InstrumentPicker } from './instrument-picker';
import './page-header.css';

/** A price card: a value with its change and per cent change against the previous close. */
export interface PriceCard {
  label: string;
  price: number | null;
  change: number | null;
  changePercent: number | null;
}

/** An expiry as the header lists it. */
export interface HeaderExpiry {
  date: string;
  formattedDate: string;
  series: 'weekly' | 'monthly';
}

/** A choice among a few values, as a select. */
export interface HeaderChoice<T extends string> {
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  /** The page name (the top bar shows it; the heading is for assistive technology). */
  title: string;
  /** Prefix of the controls' ids, unique on the page. */
  idPrefix: string;
  /** The underlying picker; pages over a whole universe (the futures scanners) have none. */
  instrument?: { value: string; onChange: (name: string) => void };
  expiry?: {
    options: readonly HeaderExpiry[];
    value: string | null;
    loading: boolean;
    onChange: (date: string) => void;
  };
  /** A session date (a past one replays it). */
  date?: { value: string; max: string; onChange: (date: string) => void };
  resolution?: HeaderChoice<string>;
  period?: HeaderChoice<string>;
  /** Spot or Fut as the price the page follows. */
  basis?: HeaderChoice<'Spot' | 'Fut'>;
  priceCards?: readonly PriceCard[];
  /** How the page keeps up, and when it last did and will next. */
  status: {
    mode: ChartDataMode | null;
    lastUpdatedAt: number | null;
    /** Seconds to the next refresh (delayed tiers), or null. */
    nextUpdateSeconds: number | null;
    replay?: boolean;
  };
  /** The delayed or no-plan banner (spec §4.3), or null. */
  banner: { text: string; tone: 'warning' | 'danger' } | null;
  /** Further controls after the standard ones (strikes, windows, toggles). */
  children?: ReactNode;
}

const number = (value: number | null, digits = 2) => (value === null ? '–' : formatIndianNumber(value, digits));

function PriceCardView({ card }: { card: PriceCard }) {
  const tone = card.change === null || card.change === 0 ? '' : card.change > 0 ? 'text-success' : 'text-danger';
  const sign = card.change !== null && card.change > 0 ? '+' : '';
  return (
    <div className="page-header-card border rounded px-2 py-1">
      <dt className="small text-body-secondary fw-normal">{card.label}</dt>
      <dd className="mb-0 fw-semibold font-monospace">
        {number(card.price)}{' '}
        {card.change !== null && (
          <span className={`small ${tone}`}>
            {sign}
            {number(card.change)}
            {card.changePercent !== null && ` (${sign}${number(card.changePercent)}%)`}
          </span>
        )}
      </dd>
    </div>
  );
}

/** A choice among a few values as a row of toggle buttons under a label. */
export function ChoiceButtons<T extends string>({
  id,
  label,
  choice,
}: {
  id: string;
  label: string;
  choice: HeaderChoice<T>;
}) {
  return (
    <div className="d-flex flex-column">
      <span className="small" id={id}>
        {label}
      </span>
      <ButtonGroup size="sm" aria-labelledby={id}>
        {choice.options.map((option) => (
          <Button
            key={option}
            variant={option === choice.value ? 'primary' : 'outline-primary'}
            aria-pressed={option === choice.value}
            onClick={() => choice.onChange(option)}
          >
            {option}
          </Button>
        ))}
      </ButtonGroup>
    </div>
  );
}

/**
 * The header every analysis page shares (pages brief §0): instrument, expiry, date, resolution, period and
 * Spot/Fut where the page has them, its own controls, the Spot and Future cards, 'Last Updated' with the live,
 * 'Next Update in N sec' or market-closed state, and the delayed or no-plan banner. It takes what it shows;
 * the page fetches it.
 */
export function PageHeader({
  title,
  idPrefix,
  instrument,
  expiry,
  date,
  resolution,
  period,
  basis,
  priceCards,
  status,
  banner,
  children,
}: PageHeaderProps) {
  const { mode, lastUpdatedAt, nextUpdateSeconds, replay = false } = status;
  return (
    <div className="page-header d-flex flex-column gap-2">
      <h1 className="visually-hidden">{title}</h1>
      <div className="d-flex flex-wrap align-items-end gap-2">
        {instrument !== undefined && (
          <Form.Group controlId={`${idPrefix}-instrument`}>
            <Form.Label className="small mb-0">Instrument</Form.Label>
            <InstrumentPicker
              label="Instrument"
              value={instrument.value}
              search={searchInstruments}
              onChange={(picked) => instrument.onChange(picked.name)}
            />
          </Form.Group>
        )}
        {expiry !== undefined && (
          <Form.Group controlId={`${idPrefix}-expiry`}>
            <Form.Label className="small mb-0">Expiry Date</Form.Label>
            <Form.Select
              size="sm"
              value={expiry.value ?? ''}
              disabled={expiry.options.length === 0}
              onChange={(event) => expiry.onChange(event.currentTarget.value)}
            >
              {expiry.options.length === 0 && <option value="">{expiry.loading ? 'Loading…' : '–'}</option>}
              {expiry.options.map((candidate) => (
                <option key={candidate.date} value={candidate.date}>
                  {candidate.formattedDate}
                  {candidate.series === 'monthly' ? ' (monthly)' : ''}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        {date !== undefined && (
          <Form.Group controlId={`${idPrefix}-date`}>
            <Form.Label className="small mb-0">Date</Form.Label>
            <Form.Control
              size="sm"
              type="date"
              value={date.value}
              max={date.max}
              onChange={(event) => date.onChange(event.currentTarget.value)}
            />
          </Form.Group>
        )}
        {resolution !== undefined && (
          <Form.Group controlId={`${idPrefix}-resolution`}>
            <Form.Label className="small mb-0">Resolution</Form.Label>
            <Form.Select
              size="sm"
              value={resolution.value}
              onChange={(event) => resolution.onChange(event.currentTarget.value)}
            >
              {resolution.options.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        {period !== undefined && <ChoiceButtons id={`${idPrefix}-period`} label="Period" choice={period} />}
        {basis !== undefined && <ChoiceButtons id={`${idPrefix}-basis`} label="Spot/Fut" choice={basis} />}
        {children}
      </div>
      {banner !== null && (
        <Alert variant={banner.tone} className="py-1 px-2 mb-0 small" role="status" data-testid="page-banner">
          {banner.text}
        </Alert>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2">
        {priceCards !== undefined && priceCards.length > 0 && (
          <dl className="d-flex flex-wrap gap-2 mb-0">
            {priceCards.map((card) => (
              <PriceCardView key={card.label} card={card} />
            ))}
          </dl>
        )}
        <div className="small text-body-secondary d-flex flex-wrap gap-3 ms-auto" aria-live="off">
          {lastUpdatedAt !== null && (
            <span data-testid="page-last-updated">
              Last Updated: {mode === 'closed' ? formatIstClockTime(lastUpdatedAt) : formatIstDateTime(lastUpdatedAt)}
            </span>
          )}
          {mode === 'closed' && <span>Market closed</span>}
          {mode === 'refresh' && nextUpdateSeconds !== null && (
            <span data-testid="page-countdown">Next Update in {nextUpdateSeconds} sec</span>
          )}
          {mode === 'live' && <span className="text-success">{replay ? 'Live (Replay)' : 'Live'}</span>}
        </div>
      </div>
    </div>
  );
}
