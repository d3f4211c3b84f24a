import { CrosshairSync, type ChartTheme } from '@fnodesk/charts';
import {
  DRAWING_TOOLS,
  DRAWING_TOOL_NAMES,
  INDICATOR_KINDS,
  indicatorName,
  type DrawingTool,
} from '@fnodesk/charts/drawing';
import { systemClock, type Clock } from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, ButtonGroup, Dropdown, Form } from 'react-bootstrap';
import { useTopBarSlot } from '../../../lib/top-bar-slot';
import { SPLIT_LAYOUTS, paneStyle, splitLayout } from '../utils/split-layouts';
import {
  paneInstruments,
  readTechnicalAnalysisPreferences,
  writeTechnicalAnalysisPreferences,
  type TechnicalAnalysisPreferences,
} from '../utils/technical-analysis-preferences';
import { AdvancePane } from './advance-pane';
import { LayoutPicture } from './layout-picture';
import './technical-analysis.css';

/** Props of {@link TechnicalAnalysisScreen}. */
export interface TechnicalAnalysisScreenProps {
  theme: ChartTheme;
  clock?: Clock;
  refreshMs?: number;
  alwaysOpen?: boolean;
}

/**
 * /pages/technical-analysis (Advance Chart): 1 to 6 charts in a split layout chosen in the top bar, each with its
 * own instrument and resolution; MTF (top bar) shows pane 1's instrument in every pane at that pane's resolution;
 * the crosshair follows across panes; indicators apply to every pane; drawings go on the active pane and are kept
 * per user and instrument. The layout and MTF are kept under the spec's `technical-analysis` key.
 */
export function TechnicalAnalysisScreen({
  theme,
  clock = systemClock,
  refreshMs,
  alwaysOpen,
}: TechnicalAnalysisScreenProps) {
  const [preferences, setPreferences] = useState<TechnicalAnalysisPreferences>(readTechnicalAnalysisPreferences);
  const save = (next: TechnicalAnalysisPreferences) => {
    setPreferences(next);
    writeTechnicalAnalysisPreferences(next);
  };
  const layout = splitLayout(preferences.chartView);
  const instruments = paneInstruments(preferences);
  const [active, setActive] = useState(0);
  const [tool, setTool] = useState<DrawingTool | null>(null);
  const crosshair = useMemo(() => new CrosshairSync(), []);
  const [statusSlot, setStatusSlot] = useState<HTMLElement | null>(null);
  const topBar = useTopBarSlot();
  const activePane = Math.min(active, layout.count - 1);

  const topBarControls = (
    <>
      <Dropdown>
        <Dropdown.Toggle
          size="sm"
          variant="outline-secondary"
          id="ta-layout"
          aria-label={`Split screen: ${layout.id}, ${layout.description}`}
          data-testid="ta-layout-toggle"
        >
          <LayoutPicture layout={layout} size={18} /> <span className="d-none d-sm-inline">{layout.id}</span>
        </Dropdown.Toggle>
        <Dropdown.Menu className="ta-layout-menu p-2">
          {[1, 2, 3, 4, 6].map((count) => (
            <div key={count} className="d-flex gap-1 mb-1" role="group" aria-label={`${count} charts`}>
              {SPLIT_LAYOUTS.filter((candidate) => candidate.count === count).map((candidate) => (
                <Dropdown.Item
                  key={candidate.id}
                  as="button"
                  className="ta-layout-option p-1 text-center"
                  active={candidate.id === layout.id}
                  aria-label={`Layout ${candidate.id}: ${candidate.description}`}
                  title={`${candidate.id}: ${candidate.description}`}
                  data-layout={candidate.id}
                  onClick={() => save({ ...preferences, chartView: candidate.id })}
                >
                  <LayoutPicture layout={candidate} />
                  <span className="d-block small">{candidate.id}</span>
                </Dropdown.Item>
              ))}
            </div>
          ))}
        </Dropdown.Menu>
      </Dropdown>
      <Form.Check
        type="checkbox"
        id="ta-mtf"
        label="MTF"
        title="Multi-timeframe: every chart shows chart 1's instrument at its own resolution"
        checked={preferences.mts}
        onChange={(event) => save({ ...preferences, mts: event.currentTarget.checked })}
      />
    </>
  );

  return (
    <div className="technical-analysis d-flex flex-column gap-2">
      <h1 className="visually-hidden">Advance Chart</h1>
      {topBar !== null && createPortal(topBarControls, topBar)}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Dropdown autoClose="outside">
          <Dropdown.Toggle size="sm" variant="outline-primary" id="ta-indicators">
            Indicators{preferences.indicators.length > 0 ? ` (${preferences.indicators.length})` : ''}
          </Dropdown.Toggle>
          <Dropdown.Menu className="px-3">
            {INDICATOR_KINDS.map((kind) => (
              <Form.Check
                key={kind}
                type="checkbox"
                id={`ta-indicator-${kind}`}
                label={indicatorName(kind)}
                checked={preferences.indicators.includes(kind)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  const indicators = INDICATOR_KINDS.filter((k) =>
                    k === kind ? on : preferences.indicators.includes(k),
                  );
                  save({ ...preferences, indicators });
                }}
              />
            ))}
          </Dropdown.Menu>
        </Dropdown>
        <ButtonGroup size="sm" aria-label={`Drawing tools (chart ${activePane + 1})`}>
          {DRAWING_TOOLS.map((candidate) => (
            <Button
              key={candidate}
              variant={tool === candidate ? 'primary' : 'outline-primary'}
              aria-pressed={tool === candidate}
              onClick={() => setTool(tool === candidate ? null : candidate)}
            >
              {DRAWING_TOOL_NAMES[candidate]}
            </Button>
          ))}
        </ButtonGroup>
        <span className="small text-body-secondary">
          Drawing on chart {activePane + 1} (click a chart to draw there; Delete removes the selected drawing)
        </span>
        <div ref={setStatusSlot} className="ms-auto" />
      </div>
      <div className="ta-layout" data-testid="ta-layout" data-layout={layout.id} data-mtf={String(preferences.mts)}>
        {layout.panes.map((rect, index) => (
          <AdvancePane
            key={index}
            index={index}
            settings={preferences.panes[index]!}
            instrument={instruments[index]!}
            tied={preferences.mts && index > 0}
            onChange={(settings) =>
              save({ ...preferences, panes: preferences.panes.map((pane, i) => (i === index ? settings : pane)) })
            }
            style={paneStyle(rect)}
            theme={theme}
            indicators={preferences.indicators}
            tool={tool}
            onToolChange={setTool}
            active={index === activePane}
            onActivate={() => setActive(index)}
            crosshair={crosshair}
            statusSlot={statusSlot}
            clock={clock}
            refreshMs={refreshMs}
            alwaysOpen={alwaysOpen}
          />
        ))}
      </div>
    </div>
  );
}
