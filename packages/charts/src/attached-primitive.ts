// What every series primitive of these charts keeps from its attachment: the chart, the series it draws on, and
// the callback that asks for a redraw; all null while detached.
import type { IChartApiBase, ISeriesApi, SeriesAttachedParameter, SeriesType, Time } from 'lightweight-charts';

/** A series primitive's attachment. */
export abstract class AttachedPrimitive {
  protected chart: IChartApiBase<Time> | null = null;
  protected series: ISeriesApi<SeriesType> | null = null;
  private redraw: (() => void) | null = null;

  attached({ chart, series, requestUpdate }: SeriesAttachedParameter<Time>): void {
    this.chart = chart;
    this.series = series;
    this.redraw = requestUpdate;
  }

  detached(): void {
    this.chart = null;
    this.series = null;
    this.redraw = null;
  }

  /** Asks the chart to draw again (nothing while detached). */
  protected requestUpdate(): void {
    this.redraw?.();
  }
}
