import type { OptionExpiriesSchema } from '@fnodesk/contracts';
import { CHAIN_ATM_BASES, CHART_PERIODS, type ChartPeriod } from '@fnodesk/domain';
import { useId, useState } from 'react';
import { Button, ButtonGroup, Form, ToggleButton } from 'react-bootstrap';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  AtmSelect,
  ExpirySelect,
  Labelled,
  ResolutionSelect,
  StrikeCountSelect,
} from '../../../components/market/chain-chart-selects';
import { InstrumentPicker } from '../../../components/market/instrument-picker';
import { searchInstruments } from '../../../lib/market/search-instruments';
import {
  clampHeight,
  MAX_CHART_HEIGHT,
  MAX_STRIKES,
  MIN_CHART_HEIGHT,
  MIN_STRIKES,
  withIndexPeriod,
  withInstrument,
  withStrikePeriod,
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
          <ResolutionSelect
            id={`${ids}-res`}
            ariaLabel="Index chart resolution"
            period={preferences.period}
            value={preferences.resolution}
            onChange={(resolution) => set({ resolution })}
          />
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
          <ExpirySelect
            id={`${ids}-expiry`}
            expiries={expiries}
            value={expiry}
            loading={expiriesLoading}
            onChange={(next) => set({ expiry: next })}
          />
          <StrikeCountSelect
            id={`${ids}-strikes`}
            min={MIN_STRIKES}
            max={MAX_STRIKES}
            value={preferences.strike}
            onChange={(strike) => set({ strike })}
          />
          <AtmSelect
            id={`${ids}-atm`}
            bases={CHAIN_ATM_BASES}
            value={preferences.atm}
            onChange={(atm) => set({ atm })}
          />
          <ResolutionSelect
            id={`${ids}-sres`}
            ariaLabel="Strike chart resolution"
            period={preferences.periodStrike}
            value={preferences.resolutionStrike}
            onChange={(resolutionStrike) => set({ resolutionStrike })}
          />
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
