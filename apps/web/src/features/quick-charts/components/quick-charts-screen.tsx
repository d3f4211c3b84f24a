import type { ChartTheme } from '@fnodesk/charts';
import { systemClock, type Clock } from '@fnodesk/domain';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import {
  defaultChartSettings,
  MAX_CHARTS,
  readQuickChartsPreferences,
  writeQuickChartsPreferences,
  type ChartSettings,
  type QuickChartsPreferences,
} from '../utils/chart-preferences';
import { DEFAULT_REFRESH_MS } from '../../../lib/market/refresh-schedule';
import { ChartPanel } from './chart-panel';
import './quick-charts.css';

/** Props of {@link QuickChartsScreen}. */
export interface QuickChartsScreenProps {
  /** The app's colour mode; the charts follow it. */
  theme: ChartTheme;
  clock?: Clock;
  /** Refresh interval of delayed data (the server's `REFRESH_MS`). */
  refreshMs?: number;
  /** The server plays a past session again: prices are labelled as a replay. */
  replay?: boolean;
  /** The server's simulated market never closes (tests, demos). */
  alwaysOpen?: boolean;
}

// Spec §9: the main chart is 450 px high; with more charts on screen each gets less.
const CHART_HEIGHTS: Readonly<Record<number, number>> = { 1: 450, 2: 450, 3: 400, 4: 320 };

/**
 * /pages/charts: one to four candle charts of any instruments, each with its resolution and period; live candles in
 * the live tier, the delayed tiers' banner and refresh timer, history only while the market is closed.
 */
export function QuickChartsScreen({
  theme,
  clock = systemClock,
  refreshMs = DEFAULT_REFRESH_MS,
  replay = false,
  alwaysOpen = false,
}: QuickChartsScreenProps) {
  const [preferences, setPreferences] = useState<QuickChartsPreferences>(readQuickChartsPreferences);
  const { charts } = preferences;

  const save = (next: ChartSettings[]) => {
    const updated = { charts: next };
    setPreferences(updated);
    writeQuickChartsPreferences(updated);
  };

  return (
    <div className="quick-charts d-flex flex-column gap-2">
      <div className="d-flex align-items-center gap-2">
        <h1 className="h5 mb-0">Quick Charts</h1>
        <Button
          size="sm"
          variant="outline-primary"
          className="ms-auto"
          disabled={charts.length >= MAX_CHARTS}
          onClick={() => save([...charts, defaultChartSettings(charts.at(-1)?.instrument)])}
        >
          Add chart
        </Button>
      </div>
      <div className="quick-charts-grid" data-count={charts.length}>
        {charts.map((settings, index) => (
          <ChartPanel
            // Charts are identified by their place: removing one shifts the later ones up.
            key={index}
            position={index + 1}
            settings={settings}
            onChange={(changed) => save(charts.map((chart, i) => (i === index ? changed : chart)))}
            {...(charts.length > 1 ? { onRemove: () => save(charts.filter((_, i) => i !== index)) } : {})}
            theme={theme}
            height={CHART_HEIGHTS[charts.length] ?? 320}
            clock={clock}
            refreshMs={refreshMs}
            replay={replay}
            alwaysOpen={alwaysOpen}
            publishesStatus={index === 0}
          />
        ))}
      </div>
    </div>
  );
}
