import {
  DRAWING_TOOLS,
  DRAWING_TOOL_NAMES,
  INDICATOR_KINDS,
  hasOwnPane,
  indicatorName,
  type DrawingTool,
  type IndicatorKind,
  type IndicatorSettings,
} from '@fnodesk/charts/drawing';
import type { ContractExpirySchema } from '@fnodesk/contracts';
import { CHAIN_ATM_BASES, CHART_PERIODS, type ChartPeriod } from '@fnodesk/domain';
import { useId } from 'react';
import type { z } from 'zod';
import { Button, ButtonGroup, Dropdown, Form } from 'react-bootstrap';
import { Link } from 'react-router';
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
  MAX_BOLLINGER_K,
  MAX_HEIGHT,
  MAX_INDICATOR_PERIOD,
  MAX_STRIKES,
  MIN_BOLLINGER_K,
  MIN_HEIGHT,
  MIN_INDICATOR_PERIOD,
  MIN_STRIKES,
  withInstrument,
  withPeriod,
  type AdvanceChartPreferences,
} from '../utils/advance-chart-preferences';

/** Props of {@link AdvanceChartToolbar}. */
export interface AdvanceChartToolbarProps {
  preferences: AdvanceChartPreferences;
  onChange: (preferences: AdvanceChartPreferences) => void;
  /** The underlying shown (the stored choice or the default). */
  instrument: string | null;
  expiry: string | null;
  expiries: readonly z.infer<typeof ContractExpirySchema>[];
  expiriesLoading: boolean;
  tool: DrawingTool | null;
  onToolChange: (tool: DrawingTool | null) => void;
  /** Where the Option Chain Charts page is. */
  chartsPath: string;
}

/** The Advance Chart page's controls: instrument, expiry, strikes, ATM basis, resolution, period, height, indicators, drawing tools. */
export function AdvanceChartToolbar(props: AdvanceChartToolbarProps) {
  const { preferences, onChange, instrument, expiry, expiries, expiriesLoading, tool, onToolChange, chartsPath } =
    props;
  const ids = useId();
  const set = (changes: Partial<AdvanceChartPreferences>) => onChange({ ...preferences, ...changes });
  const toggleIndicator = (kind: IndicatorKind, on: boolean) =>
    set({
      indicators: INDICATOR_KINDS.filter((k) => (k === kind ? on : preferences.indicators.includes(k))),
    });

  return (
    <div className="d-flex flex-column gap-2">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <InstrumentPicker
          label="Instrument"
          value={instrument ?? ''}
          search={searchInstruments}
          onChange={(picked) => onChange(withInstrument(preferences, picked.name))}
        />
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
        <AtmSelect id={`${ids}-atm`} bases={CHAIN_ATM_BASES} value={preferences.atm} onChange={(atm) => set({ atm })} />
        <ResolutionSelect
          id={`${ids}-resolution`}
          period={preferences.period}
          value={preferences.resolution}
          onChange={(resolution) => set({ resolution })}
        />
        <ButtonGroup size="sm" aria-label="Period">
          {CHART_PERIODS.map((period: ChartPeriod) => (
            <Button
              key={period}
              variant={period === preferences.period ? 'primary' : 'outline-secondary'}
              aria-pressed={period === preferences.period}
              onClick={() => onChange(withPeriod(preferences, period))}
            >
              {period}
            </Button>
          ))}
        </ButtonGroup>
        <Labelled label="Height (px)" htmlFor={`${ids}-height`}>
          <Form.Control
            id={`${ids}-height`}
            type="number"
            size="sm"
            className="w-auto"
            style={{ maxWidth: '6rem' }}
            min={MIN_HEIGHT}
            max={MAX_HEIGHT}
            step={10}
            key={preferences.height}
            defaultValue={preferences.height}
            onBlur={(event) => {
              const height = Math.round(Number(event.currentTarget.value));
              if (height >= MIN_HEIGHT && height <= MAX_HEIGHT) set({ height });
              else event.currentTarget.value = String(preferences.height);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.currentTarget.blur();
            }}
          />
        </Labelled>
        <Link to={chartsPath} className="btn btn-sm btn-outline-primary ms-auto">
          Option Chain Charts
        </Link>
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Dropdown autoClose="outside">
          <Dropdown.Toggle size="sm" variant="outline-secondary" id={`${ids}-indicators`}>
            Indicators{preferences.indicators.length > 0 ? ` (${preferences.indicators.length})` : ''}
          </Dropdown.Toggle>
          <Dropdown.Menu>
            {INDICATOR_KINDS.map((kind) => (
              <div key={kind} className="px-3 py-1 d-flex align-items-center gap-2 text-nowrap">
                <Form.Check
                  type="checkbox"
                  id={`${ids}-indicator-${kind}`}
                  label={indicatorLabel(kind, preferences.settings)}
                  checked={preferences.indicators.includes(kind)}
                  onChange={(event) => toggleIndicator(kind, event.currentTarget.checked)}
                />
                {isSettable(kind) && (
                  <NumberSetting
                    label={`${INDICATOR_TITLES[kind]} period`}
                    value={preferences.settings[kind].period}
                    min={MIN_INDICATOR_PERIOD}
                    max={MAX_INDICATOR_PERIOD}
                    step={1}
                    onChange={(period) =>
                      set({ settings: { ...preferences.settings, [kind]: { ...preferences.settings[kind], period } } })
                    }
                  />
                )}
                {kind === 'bollinger' && (
                  <NumberSetting
                    label="Bollinger width (standard deviations)"
                    value={preferences.settings.bollinger.k}
                    min={MIN_BOLLINGER_K}
                    max={MAX_BOLLINGER_K}
                    step={0.5}
                    onChange={(k) =>
                      set({
                        settings: { ...preferences.settings, bollinger: { ...preferences.settings.bollinger, k } },
                      })
                    }
                  />
                )}
              </div>
            ))}
          </Dropdown.Menu>
        </Dropdown>
        <ButtonGroup size="sm" aria-label="Drawing tools">
          {DRAWING_TOOLS.map((drawingTool) => (
            <Button
              key={drawingTool}
              variant={tool === drawingTool ? 'primary' : 'outline-secondary'}
              aria-pressed={tool === drawingTool}
              onClick={() => onToolChange(tool === drawingTool ? null : drawingTool)}
            >
              {DRAWING_TOOL_NAMES[drawingTool]}
            </Button>
          ))}
        </ButtonGroup>
        <span className="small text-body-secondary" aria-live="polite">
          {tool === 'horizontal-line'
            ? 'Click a chart to place the line. Esc cancels.'
            : tool === 'trend-line'
              ? 'Click the start and the end of the line on a chart. Esc cancels.'
              : 'Click a drawing to select it; Delete removes it.'}
        </span>
      </div>
    </div>
  );
}

/** The indicators with a period setting (Supertrend, MACD and OI use their common defaults). */
type SettableKind = keyof IndicatorSettings;
const isSettable = (kind: IndicatorKind): kind is SettableKind =>
  kind === 'ema' || kind === 'sma' || kind === 'bollinger' || kind === 'rsi';

const INDICATOR_TITLES: Readonly<Record<SettableKind, string>> = {
  ema: 'EMA',
  sma: 'SMA',
  bollinger: 'Bollinger',
  rsi: 'RSI',
};

function indicatorLabel(kind: IndicatorKind, settings: IndicatorSettings): string {
  const name = indicatorName(kind, settings);
  return hasOwnPane(kind) ? `${name} (own pane)` : name;
}

/** A number taken when the field is left or Enter is pressed; an out-of-range value is put back. */
function NumberSetting(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
}) {
  const { label, value, min, max, step, onChange } = props;
  return (
    <Form.Control
      key={value}
      type="number"
      size="sm"
      style={{ width: '4.5rem' }}
      aria-label={label}
      min={min}
      max={max}
      step={step}
      defaultValue={value}
      onBlur={(event) => {
        const next = Number(event.currentTarget.value);
        const valid = next >= min && next <= max && (step < 1 || Number.isInteger(next));
        if (valid && next !== value) onChange(next);
        else if (!valid) event.currentTarget.value = String(value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
    />
  );
}
