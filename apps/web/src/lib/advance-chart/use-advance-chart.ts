// React binding of one Advance Chart: React owns only its lifecycle (create on mount, destroy on unmount) and
// forwards props to the same chart; drawings are loaded from and saved to storage per instrument: local storage
// first (the chart paints from it at once), the user's document store behind it (so they follow the user).
import {
  AdvanceChart,
  serialiseDrawings,
  type Drawing,
  type DrawingTool,
  type IndicatorKind,
  type IndicatorSettings,
} from '@fnodesk/charts/drawing';
import { useChartLifecycle, type ChartTheme } from '@fnodesk/charts';
import type { Candle } from '@fnodesk/contracts';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import {
  drawingsUnsynced,
  markDrawingsSynced,
  markDrawingsUnsynced,
  readDrawings,
  writeDrawings,
} from './drawings-store';
import { createDrawingsSync, type DrawingsSync } from './drawings-sync';

// One sync for every chart of the page, so two charts of the same option never race each other's saves.
let sharedSync: DrawingsSync | undefined;
function drawingsSync(): DrawingsSync {
  return (sharedSync ??= createDrawingsSync(undefined, { onSaved: markDrawingsSynced }));
}

/** Attribute on the chart's container giving how many drawings it shows (for tests and styling). */
export const DRAWINGS_ATTRIBUTE = 'data-drawings';

/** What one chart shows. */
export interface AdvanceChartInputs {
  theme: ChartTheme;
  candles: readonly Candle[];
  /** The still-forming candle from the live feed, if any. */
  liveCandle: Candle | null;
  /**
   * Or how to follow it without re-rendering (see useFormingCandleFollower): each candle goes straight to the
   * chart, so a tick costs the component no render. A new function starts again (the history changed).
   */
  followLive?: ((show: (candle: Candle) => void) => () => void) | undefined;
  indicators: readonly IndicatorKind[];
  settings: IndicatorSettings;
  intraday: boolean;
  /** The drawing tool the next click on this chart uses. */
  tool: DrawingTool | null;
  /** Called when placing a drawing ends the tool (or Escape cancels it). */
  onToolChange: (tool: DrawingTool | null) => void;
  /** The instrument whose drawings the chart shows and saves (its trading symbol). */
  instrument: string;
}

/** Creates an Advance Chart in the referenced element and keeps it in step with `inputs`. */
export function useAdvanceChart(
  containerRef: RefObject<HTMLElement | null>,
  inputs: AdvanceChartInputs,
): AdvanceChart | null {
  const { theme, candles, liveCandle, followLive, indicators, settings, intraday, tool, instrument } = inputs;
  // The chart's callbacks read the latest inputs (instrument, onToolChange) without re-creating the chart.
  const latest = useRef(inputs);
  // Counts the user's edits, so a server answer that arrives after the user drew does not undo the drawing.
  const edits = useRef(0);
  /** The latest candle `followLive` gave, with the follower that gave it (a new instrument has a new follower). */
  const followed = useRef<{ by: AdvanceChartInputs['followLive']; candle: Candle } | null>(null);
  useLayoutEffect(() => {
    latest.current = inputs;
  });

  const chart = useChartLifecycle(
    containerRef,
    (container) =>
      new AdvanceChart(container, {
        theme: inputs.theme,
        indicators: inputs.indicators,
        settings: inputs.settings,
        intraday: inputs.intraday,
        // The instrument may change while the chart stays: drawings go to the one shown now.
        onDrawingsChange: (drawings) => {
          edits.current += 1;
          writeDrawings(latest.current.instrument, drawings);
          markDrawingsUnsynced(latest.current.instrument);
          void drawingsSync().save(latest.current.instrument, drawings);
          container.setAttribute(DRAWINGS_ATTRIBUTE, String(drawings.length));
        },
        onToolChange: (next) => latest.current.onToolChange(next),
      }),
  );

  useEffect(() => {
    if (chart === null) return;
    const show = (drawings: readonly Drawing[]) => {
      chart.drawings().load(drawings);
      containerRef.current?.setAttribute(DRAWINGS_ATTRIBUTE, String(drawings.length));
    };
    const local = readDrawings(instrument);
    show(local);
    const controller = new AbortController();
    const editsAtStart = edits.current;
    drawingsSync()
      .load(instrument, controller.signal)
      .then(
        (remote) => {
          if (controller.signal.aborted || edits.current !== editsAtStart) return;
          // Changed here after the server last took them (a reload cut the save off), or drawn before the server
          // kept drawings: this browser's copy goes up.
          if (drawingsUnsynced(instrument) || (remote === null && local.length > 0)) {
            markDrawingsUnsynced(instrument);
            void drawingsSync().save(instrument, local);
            return;
          }
          if (remote === null) return;
          if (serialiseDrawings(remote) === serialiseDrawings(local)) return;
          writeDrawings(instrument, remote);
          show(remote);
        },
        // Offline or refused: the local copy stays on the chart and the next edit is saved again.
        () => undefined,
      );
    return () => controller.abort();
  }, [chart, instrument, containerRef]);

  useEffect(() => {
    chart?.setTheme(theme);
  }, [chart, theme]);

  useEffect(() => {
    chart?.setIndicators(indicators, settings);
  }, [chart, indicators, settings]);

  useEffect(() => {
    chart?.setIntraday(intraday);
  }, [chart, intraday]);

  useEffect(() => {
    if (chart === null) return;
    chart.setCandles(candles);
    // A history answer may end before the live candle; keep the live candle on top of it.
    // Only the current follower's candle: this effect runs before the one that starts a new instrument's follower,
    // and the last one's candle belongs to another instrument (or resolution).
    const mine = followed.current !== null && followed.current.by === latest.current.followLive;
    const live = latest.current.liveCandle ?? (mine ? (followed.current?.candle ?? null) : null);
    if (live !== null) chart.updateCandle(live);
  }, [chart, candles]);

  useEffect(() => {
    if (chart !== null && liveCandle !== null) chart.updateCandle(liveCandle);
  }, [chart, liveCandle]);

  useEffect(() => {
    followed.current = null;
    if (chart === null || followLive === undefined) return undefined;
    return followLive((candle) => {
      followed.current = { by: followLive, candle };
      chart.updateCandle(candle);
    });
  }, [chart, followLive]);

  useEffect(() => {
    if (chart === null || chart.drawings().tool() === tool) return;
    chart.drawings().setTool(tool);
  }, [chart, tool]);

  return chart;
}
