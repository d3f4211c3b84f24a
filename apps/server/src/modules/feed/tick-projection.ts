import type { FeedMode, FeedTick } from '@fnodesk/contracts';
import { jsonNumber as num } from '../../platform/json-number';

type DepthLevel = NonNullable<FeedTick['depth']>['buy'][number];

/** Modes from least to most detail; a client asking for more gets everything of the lesser modes too. */
const RANK: Readonly<Record<FeedMode, number>> = { ltp: 0, quote: 1, full: 2 };

/** The richer of two modes. */
export function widerMode(a: FeedMode, b: FeedMode): FeedMode {
  return RANK[a] >= RANK[b] ? a : b;
}

/** The fields of `tick` a subscriber in `mode` receives (ARCHITECTURE §3). */
export function projectTick(tick: FeedTick, mode: FeedMode): FeedTick {
  if (mode === 'ltp') return { token: tick.token, ts: tick.ts, lp: tick.lp };
  if (mode === 'full') return tick;
  const { depth: _depth, ...quote } = tick;
  return quote;
}

/** A depth side's levels as JSON. */
function levelsJson(levels: readonly DepthLevel[]): string {
  let json = '[';
  for (let i = 0; i < levels.length; i++) {
    const { p, q, o } = levels[i]!;
    json += `${i > 0 ? ',' : ''}{"p":${num(p)},"q":${num(q)},"o":${num(o)}}`;
  }
  return `${json}]`;
}

/**
 * A tick serialised once for all three modes. `full` is the whole tick as JSON with the ltp fields first and the
 * depth last, so the ltp and quote views are its prefixes closed with `}`: a gateway never parses a tick nor
 * serialises it again, however many clients and modes receive it.
 */
export class SerialisedTick {
  private ltp: string | undefined;
  private quote: string | undefined;

  constructor(
    readonly token: number,
    /** The full tick's JSON. */
    readonly full: string,
    /** Length of the ltp view's prefix of `full`. */
    readonly ltpEnd: number,
    /** Length of the quote view's prefix of `full`. */
    readonly quoteEnd: number,
  ) {}

  /**
   * Serialises a tick: the same JSON as `JSON.stringify` of each projection, written field by field (a tick's
   * fields are fixed by its contract) rather than through object copies of the projections, with prices written
   * from their whole paise.
   */
  static of(tick: FeedTick): SerialisedTick {
    let full = `{"token":${num(tick.token)},"ts":${num(tick.ts)},"lp":${num(tick.lp)}`;
    const ltpEnd = full.length;
    if (tick.o !== undefined) full += `,"o":${num(tick.o)}`;
    if (tick.h !== undefined) full += `,"h":${num(tick.h)}`;
    if (tick.l !== undefined) full += `,"l":${num(tick.l)}`;
    if (tick.c !== undefined) full += `,"c":${num(tick.c)}`;
    if (tick.vt !== undefined) full += `,"vt":${num(tick.vt)}`;
    if (tick.atp !== undefined) full += `,"atp":${num(tick.atp)}`;
    if (tick.oi !== undefined) full += `,"oi":${num(tick.oi)}`;
    if (tick.prev !== undefined) {
      const { lp, oi } = tick.prev;
      full += `,"prev":{"lp":${num(lp)}${oi === undefined ? '' : `,"oi":${num(oi)}`}}`;
    }
    const quoteEnd = full.length;
    if (tick.depth !== undefined) {
      full += `,"depth":{"buy":${levelsJson(tick.depth.buy)},"sell":${levelsJson(tick.depth.sell)}}`;
    }
    return new SerialisedTick(tick.token, `${full}}`, ltpEnd, quoteEnd);
  }

  private ltpBytes: Buffer | undefined;
  private quoteBytes: Buffer | undefined;
  private fullBytes: Buffer | undefined;

  /** {@link json} as UTF-8, encoded once per mode for every frame that carries it. */
  bytes(mode: FeedMode): Buffer {
    if (mode === 'ltp') return (this.ltpBytes ??= Buffer.from(this.json(mode), 'utf8'));
    if (mode === 'quote') return (this.quoteBytes ??= Buffer.from(this.json(mode), 'utf8'));
    return (this.fullBytes ??= Buffer.from(this.full, 'utf8'));
  }

  /** JSON of the tick as `mode` shows it. */
  json(mode: FeedMode): string {
    if (mode === 'ltp') return (this.ltp ??= `${this.full.slice(0, this.ltpEnd)}}`);
    if (mode === 'quote') return (this.quote ??= `${this.full.slice(0, this.quoteEnd)}}`);
    return this.full;
  }
}
