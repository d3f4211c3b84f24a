import type { OptionExpiriesSchema } from '@fnodesk/contracts';
import { CHART_PERIODS, resolutionsForPeriod, type ChartPeriod, type Resolution } from '@fnodesk/domain';
import { useId, useState, type ReactNode } from 'react';
import { Button, ButtonGroup, Form, ToggleButton } from 'react-bootstrap';
import { Link } from 'react-router';
import type { z } from 'zod';
import { InstrumentPicker } from '../../../components/market/instrument-picker';
import { searchInstruments } from '../../../lib/market/search-instruments';
import {
  ATM_BASES,
  clampHeight,
  MAX_CHART_HEIGHT,
  MAX_STRIKES,
  MIN_CHART_HEIGHT,
  MIN_STRIKES,
  withIndexPeriod,
  withInstrument,
  withStrikePeriod,
  type AtmBasis,
  type OptionChainChartsPreferences,
} from '../utils/option-chain-charts-preferences';

/** An expiry as `get_option_expiry` lists it. */
export type ContractExpiry = z.infer<typeof OptionExpiriesSchema>['expiries'][number];

/** The Advance Chart version of the page (spec §2.8). */
export const ADVANCE_CHART_PATH = '/pages/option-chain-charts-tv';

/** Props of {@link ChartsToolbar}. */
export interface ChartsToolbarProps {
  preferences: OptionChainChartsPreferences;
  onChange: (next: OptionChainChartsPreferences) => void;
  /** The instrument shown (the stored one or the picker's default). */
  instrument: string | null;
  expiries: readonly ContractExpiry[];
  /** The expiry shown (the stored one or the first). */
  expiry: string | null;
  expiriesLoading: boolean;
}

const STRIKE_COUNTS = Array.from({ length: MAX_STRIKES - MIN_STRIKES + 1 }, (_, i) => MIN_STRIKES + i);

/** The page's controls: index chart settings on the first row, strike chart settings on the second (spec §2.8). */
export function ChartsToolbar({
  preferences,
  onChange,
  instrument,
  expiries,
  expiry,
  expiriesLoading,
}: ChartsToolbarProps) {
  const ids = useId();
  const set = (patch: Partial<OptionChainChartsPreferences>) => onChange({ ...preferences, ...patch });
  return (
    <div className="occ-toolbar card">
      <div className="card-body py-2 px-2 d-flex flex-column gap-2">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <InstrumentPicker
            label="Instrument"
            value={instrument ?? ''}
            search={searchInstruments}
            onChange={(picked) => onChange(withInstrument(preferences, picked.name))}
          />
          <Labelled label="Resolutions" htmlFor={`${ids}-res`}>
            <ResolutionSelect
              id={`${ids}-res`}
              ariaLabel="Index chart resolution"
              period={preferences.period}
              value={preferences.resolution}
              onChange={(resolution) => set({ resolution })}
            />
          </Labelled>
          <PeriodButtons
            label="Index chart period"
            value={preferences.period}
            onChange={(period) => onChange(withIndexPeriod(preferences, period))}
          />
          <Button
            size="sm"
            variant="outline-secondary"
            aria-pressed={!preferences.hideShow}
            onClick={() => set({ hideShow: !preferences.hideShow })}
          >
            {preferences.hideShow ? 'Hide Index Chart' : 'Show Index Chart'}
          </Button>
          <Link to={ADVANCE_CHART_PATH} className="btn btn-sm btn-outline-primary">
            Advance Chart
          </Link>
          <ButtonGroup size="sm" aria-label="Index chart instrument">
            {(['spot', 'fut'] as const).map((type) => (
              <ToggleButton
                key={type}
                id={`${ids}-type-${type}`}
                type="radio"
                name={`${ids}-type`}
                variant="outline-secondary"
                value={type}
                checked={preferences.instrumentType === type}
                onChange={() => set({ instrumentType: type })}
              >
                {type === 'spot' ? 'Spot' : 'Fut'}
              </ToggleButton>
            ))}
          </ButtonGroup>
        </div>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Labelled label="Expiry Date" htmlFor={`${ids}-expiry`}>
            <Form.Select
              id={`${ids}-expiry`}
              size="sm"
              className="w-auto"
              value={expiry ?? ''}
              disabled={expiries.length === 0}
              onChange={(event) => set({ expiry: event.currentTarget.value })}
            >
              {expiries.length === 0 && <option value="">{expiriesLoading ? 'Loading…' : 'No expiries'}</option>}
              {expiries.map((e) => (
                <option key={e.date} value={e.date}>
                  {e.formattedDate}
                </option>
              ))}
            </Form.Select>
          </Labelled>
          <Labelled label="Strikes" htmlFor={`${ids}-strikes`}>
            <Form.Select
              id={`${ids}-strikes`}
              size="sm"
              className="w-auto"
              value={preferences.strike}
              onChange={(event) => set({ strike: Number(event.currentTarget.value) })}
            >
              {STRIKE_COUNTS.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </Form.Select>
          </Labelled>
          <Labelled label="ATM" htmlFor={`${ids}-atm`}>
            <Form.Select
              id={`${ids}-atm`}
              size="sm"
              className="w-auto"
              value={preferences.atm}
              onChange={(event) => set({ atm: event.currentTarget.value as AtmBasis })}
            >
              {ATM_BASES.map((basis) => (
                <option key={basis} value={basis}>
                  {basis}
                </option>
              ))}
            </Form.Select>
          </Labelled>
          <Labelled label="Resolutions" htmlFor={`${ids}-sres`}>
            <ResolutionSelect
              id={`${ids}-sres`}
              ariaLabel="Strike chart resolution"
              period={preferences.periodStrike}
              value={preferences.resolutionStrike}
              onChange={(resolutionStrike) => set({ resolutionStrike })}
            />
          </Labelled>
          <PeriodButtons
            label="Strike chart period"
            value={preferences.periodStrike}
            onChange={(period) => onChange(withStrikePeriod(preferences, period))}
          />
          <HeightInput id={`${ids}-height`} value={preferences.height} onChange={(height) => set({ height })} />
          <Form.Check
            type="switch"
            id={`${ids}-info`}
            label="Strike Info"
            checked={preferences.showStikeInfo}
            onChange={(event) => set({ showStikeInfo: event.currentTarget.checked })}
          />
          <Form.Check
            type="switch"
            id={`${ids}-legend`}
            label="Show Legend"
            checked={preferences.showLegend}
            onChange={(event) => set({ showLegend: event.currentTarget.checked })}
          />
        </div>
      </div>
    </div>
  );
}

function Labelled({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <span className="d-inline-flex align-items-center gap-1">
      <Form.Label htmlFor={htmlFor} className="small text-body-secondary mb-0 text-nowrap">
        {label}
      </Form.Label>
      {children}
    </span>
  );
}

function ResolutionSelect({
  id,
  ariaLabel,
  period,
  value,
  onChange,
}: {
  id: string;
  ariaLabel: string;
  period: ChartPeriod;
  value: Resolution;
  onChange: (resolution: Resolution) => void;
}) {
  return (
    <Form.Select
      id={id}
      size="sm"
      className="w-auto"
      aria-label={ariaLabel}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as Resolution)}
    >
      {resolutionsForPeriod(period).map((resolution) => (
        <option key={resolution} value={resolution}>
          {resolution}
        </option>
      ))}
    </Form.Select>
  );
}

function PeriodButtons({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ChartPeriod;
  onChange: (period: ChartPeriod) => void;
}) {
  return (
    <ButtonGroup size="sm" aria-label={label}>
      {CHART_PERIODS.map((period) => (
        <Button
          key={period}
          variant={period === value ? 'secondary' : 'outline-secondary'}
          aria-pressed={period === value}
          onClick={() => onChange(period)}
        >
          {period}
        </Button>
      ))}
    </ButtonGroup>
  );
}

// The height applies when the user leaves the field or presses Enter, so typing '600' does not resize to 6 first.
function HeightInput({ id, value, onChange }: { id: string; value: number; onChange: (height: number) => void }) {
  // The text being typed, or null while the field shows the stored height.
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    const height = clampHeight(Number(text));
    setText(null);
    if (height !== value) onChange(height);
  };
  return (
    <Labelled label="Height (px)" htmlFor={id}>
      <Form.Control
        id={id}
        size="sm"
        type="number"
        inputMode="numeric"
        min={MIN_CHART_HEIGHT}
        max={MAX_CHART_HEIGHT}
        step={10}
        className="occ-height-input"
        value={text ?? String(value)}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
    </Labelled>
  );
}
