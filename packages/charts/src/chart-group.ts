// Many candle charts on one page (Option Chain Charts: up to 31) kept cheap: a chart is created only when its
// container comes near the viewport (the rest are created one at a time while the browser is idle), live candles
// are queued and applied to every chart in one animation frame, and every chart is destroyed with the group.
// Framework-free; the page fetches the data once for all charts and hands each its candles.
import type { Candle } from '@fnodesk/contracts';
import { CandleChart, type CandleChartOptions } from './candle-chart';

/** One animation frame's live update of the group. */
export interface ChartGroupFlush {
  /** Charts updated in the frame. */
  charts: number;
  /** Time spent applying the updates, in ms (performance.now). */
  durationMs: number;
}

/** What a group is told about. */
export interface ChartGroupEvents {
  /** A chart drew its candles for the first time after being created or given new candles. */
  painted?: (id: string) => void;
  /** One frame applied queued live candles. */
  flushed?: (flush: ChartGroupFlush) => void;
}

/** The browser services a group uses; tests replace them. */
export interface ChartGroupEnvironment {
  requestFrame: (callback: () => void) => number;
  cancelFrame: (handle: number) => void;
  /**
   * Runs work when the browser is idle (requestIdleCallback, else a timeout); the callback may be told how long
   * the idle period has left.
   */
  requestIdle: (callback: (timeRemaining?: () => number) => void) => number;
  cancelIdle: (handle: number) => void;
  /**
   * Watches containers and reports which come near the viewport; null when the platform has no
   * IntersectionObserver (then every chart is created at once).
   */
  createObserver: ((onVisible: (element: Element) => void, rootMargin: string) => VisibilityObserver) | null;
  now: () => number;
}

/** The part of IntersectionObserver a group uses. */
export interface VisibilityObserver {
  observe(element: Element): void;
  unobserve(element: Element): void;
  disconnect(): void;
}

/** Options of {@link ChartGroup}. */
export interface ChartGroupOptions extends ChartGroupEvents {
  /** How far outside the viewport a chart is already created (CSS margin). Default '200px'. */
  rootMargin?: string;
  /** Create charts that are not near the viewport while the browser is idle. Default true. */
  createWhenIdle?: boolean;
  /** Name of the User Timing measure recorded per live frame, or null for none. Default 'chart-group-flush'. */
  flushMeasure?: string | null;
  environment?: Partial<ChartGroupEnvironment>;
}

interface Member {
  readonly id: string;
  readonly container: HTMLElement;
  options: CandleChartOptions;
  candles: readonly Candle[] | null;
  /** The latest live candle since the candles were set (re-applied when the chart is created later). */
  live: Candle | null;
  /** A live candle waiting for the next frame. */
  queued: Candle | null;
  chart: CandleChart | null;
}

/** An idle period with less than this left creates no further chart (one takes a few milliseconds). */
const IDLE_SLACK_MS = 8;

/** Attribute set on a chart's container: 'waiting' (not created), 'created', 'painted' (its candles drawn). */
export const CHART_STATE_ATTRIBUTE = 'data-chart-state';

/**
 * A set of candle charts sharing one animation-frame update loop and created lazily. Charts are identified by an
 * id the page chooses (e.g. 'index', '24500-CE').
 */
export class ChartGroup {
  private readonly members = new Map<string, Member>();
  private readonly byElement = new Map<Element, Member>();
  private readonly env: ChartGroupEnvironment;
  private readonly observer: VisibilityObserver | null;
  private readonly createWhenIdle: boolean;
  private readonly flushMeasure: string | null;
  private readonly events: ChartGroupEvents;
  private readonly queued = new Set<Member>();
  private readonly awaitingPaint = new Set<Member>();
  private frame: number | null = null;
  private paintFrame: number | null = null;
  private idle: number | null = null;
  private destroyed = false;

  constructor(options: ChartGroupOptions = {}) {
    this.env = { ...defaultEnvironment(), ...withoutUndefined(options.environment ?? {}) };
    this.createWhenIdle = options.createWhenIdle ?? true;
    this.flushMeasure = options.flushMeasure === undefined ? 'chart-group-flush' : options.flushMeasure;
    this.events = { painted: options.painted, flushed: options.flushed };
    this.observer =
      this.env.createObserver === null
        ? null
        : this.env.createObserver((element) => this.onVisible(element), options.rootMargin ?? '200px');
  }

  /**
   * Adds a chart drawn in `container` (which needs a size), with its candles if known. It is created when the
   * container nears the viewport (or when the browser is idle), never before.
   */
  add(id: string, container: HTMLElement, options: CandleChartOptions, candles?: readonly Candle[]): void {
    if (this.destroyed) return;
    this.remove(id);
    const member: Member = { id, container, options, candles: candles ?? null, live: null, queued: null, chart: null };
    this.members.set(id, member);
    this.byElement.set(container, member);
    container.setAttribute(CHART_STATE_ATTRIBUTE, 'waiting');
    if (this.observer === null) this.create(member);
    else this.observer.observe(container);
    this.scheduleIdleCreation();
  }

  /** Removes and destroys a chart. */
  remove(id: string): void {
    const member = this.members.get(id);
    if (member === undefined) return;
    this.members.delete(id);
    this.byElement.delete(member.container);
    this.queued.delete(member);
    this.awaitingPaint.delete(member);
    this.observer?.unobserve(member.container);
    member.chart?.destroy();
    member.chart = null;
    member.container.removeAttribute(CHART_STATE_ATTRIBUTE);
  }

  /** Replaces a chart's candles (kept until the chart exists); the live candle given before is dropped. */
  setCandles(id: string, candles: readonly Candle[]): void {
    const member = this.members.get(id);
    if (member === undefined) return;
    member.candles = candles;
    member.live = null;
    member.queued = null;
    this.queued.delete(member);
    if (member.chart === null) return;
    member.chart.setCandles(candles);
    this.awaitPaint(member);
  }

  /** Changes a chart's options (theme, type, legend, …). */
  setOptions(id: string, options: Partial<CandleChartOptions>): void {
    const member = this.members.get(id);
    if (member === undefined) return;
    member.options = { ...member.options, ...withoutUndefined(options) };
    member.chart?.setOptions(options);
  }

  /** Queues a chart's still-forming candle; all queued candles are applied together in the next animation frame. */
  queueLive(id: string, candle: Candle): void {
    const member = this.members.get(id);
    if (member === undefined || this.destroyed) return;
    member.live = candle;
    if (member.chart === null) return;
    member.queued = candle;
    this.queued.add(member);
    if (this.frame === null) this.frame = this.env.requestFrame(this.flush);
  }

  /** The chart of an id once created, else null. */
  chart(id: string): CandleChart | null {
    return this.members.get(id)?.chart ?? null;
  }

  /** How many charts the group holds, and how many of them exist yet. */
  counts(): { added: number; created: number } {
    let created = 0;
    for (const member of this.members.values()) if (member.chart !== null) created++;
    return { added: this.members.size, created };
  }

  /** Destroys every chart and stops all scheduled work. */
  destroy(): void {
    if (this.destroyed) return;
    for (const id of [...this.members.keys()]) this.remove(id);
    this.destroyed = true;
    this.observer?.disconnect();
    if (this.frame !== null) this.env.cancelFrame(this.frame);
    if (this.paintFrame !== null) this.env.cancelFrame(this.paintFrame);
    if (this.idle !== null) this.env.cancelIdle(this.idle);
    this.frame = this.paintFrame = this.idle = null;
  }

  // Applies every queued live candle in one frame and reports how long it took.
  private readonly flush = (): void => {
    this.frame = null;
    if (this.queued.size === 0) return;
    const start = this.env.now();
    let charts = 0;
    for (const member of this.queued) {
      const candle = member.queued;
      member.queued = null;
      if (candle !== null && member.chart !== null) {
        member.chart.updateCandle(candle);
        charts++;
      }
    }
    this.queued.clear();
    const end = this.env.now();
    this.measure(start, end, charts);
    this.events.flushed?.({ charts, durationMs: end - start });
  };

  private measure(start: number, end: number, charts: number): void {
    const name = this.flushMeasure;
    if (name === null || typeof performance === 'undefined' || typeof performance.measure !== 'function') return;
    performance.measure(name, { start, end, detail: { charts } });
    // Observers have seen the entry; the buffer must not grow with every frame of a long session.
    performance.clearMeasures(name);
  }

  private onVisible(element: Element): void {
    const member = this.byElement.get(element);
    if (member !== undefined) this.create(member);
  }

  private create(member: Member): void {
    if (member.chart !== null || this.destroyed) return;
    this.observer?.unobserve(member.container);
    member.chart = new CandleChart(member.container, member.options);
    member.container.setAttribute(CHART_STATE_ATTRIBUTE, 'created');
    if (member.candles !== null) {
      member.chart.setCandles(member.candles);
      if (member.live !== null) member.chart.updateCandle(member.live);
      this.awaitPaint(member);
    }
  }

  // lightweight-charts draws in its own animation frame after data changes; the frame after the next one has it.
  // A chart without candles has nothing to paint.
  private awaitPaint(member: Member): void {
    if (member.candles === null || member.candles.length === 0) {
      this.awaitingPaint.delete(member);
      member.container.setAttribute(CHART_STATE_ATTRIBUTE, 'created');
      return;
    }
    this.awaitingPaint.add(member);
    if (this.paintFrame !== null) return;
    this.paintFrame = this.env.requestFrame(() => {
      this.paintFrame = this.env.requestFrame(this.markPainted);
    });
  }

  private readonly markPainted = (): void => {
    this.paintFrame = null;
    const painted = [...this.awaitingPaint];
    this.awaitingPaint.clear();
    for (const member of painted) {
      member.container.setAttribute(CHART_STATE_ATTRIBUTE, 'painted');
      this.events.painted?.(member.id);
    }
  };

  // Charts far from the viewport are created while the browser is idle (at least one per idle period, more while
  // the period lasts), so scrolling finds them ready.
  private scheduleIdleCreation(): void {
    if (!this.createWhenIdle || this.observer === null || this.idle !== null || this.destroyed) return;
    this.idle = this.env.requestIdle((timeRemaining) => {
      this.idle = null;
      for (;;) {
        const next = [...this.members.values()].find((member) => member.chart === null);
        if (next === undefined || this.destroyed) return;
        this.create(next);
        if (timeRemaining === undefined || timeRemaining() < IDLE_SLACK_MS) break;
      }
      this.scheduleIdleCreation();
    });
  }
}

function defaultEnvironment(): ChartGroupEnvironment {
  const hasWindow = typeof window !== 'undefined';
  const requestFrame =
    hasWindow && typeof window.requestAnimationFrame === 'function'
      ? (callback: () => void) => window.requestAnimationFrame(() => callback())
      : (callback: () => void) => Number(setTimeout(callback, 16));
  const cancelFrame =
    hasWindow && typeof window.cancelAnimationFrame === 'function'
      ? (handle: number) => window.cancelAnimationFrame(handle)
      : (handle: number) => clearTimeout(handle);
  const idle = hasWindow && typeof window.requestIdleCallback === 'function';
  return {
    requestFrame,
    cancelFrame,
    requestIdle: idle
      ? (callback) =>
          window.requestIdleCallback((deadline) => callback(() => deadline.timeRemaining()), { timeout: 500 })
      : (callback) => Number(setTimeout(callback, 50)),
    cancelIdle: idle ? (handle) => window.cancelIdleCallback(handle) : (handle) => clearTimeout(handle),
    createObserver:
      typeof IntersectionObserver === 'undefined'
        ? null
        : (onVisible, rootMargin) =>
            new IntersectionObserver(
              (entries) => {
                for (const entry of entries) if (entry.isIntersecting) onVisible(entry.target);
              },
              { rootMargin },
            ),
    now: () => (typeof performance === 'undefined' ? Date.now() : performance.now()),
  };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
