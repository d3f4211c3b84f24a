import type { FeedMode, FeedTick } from '@fnodesk/contracts';
import { MODE_CODE } from './token-modes';
import { asciiLiteral, ByteScratch, MAX_NUMBER_BYTES, number, price, writeLiteral } from '../../platform/json-bytes';

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

/** A tick's keys with the punctuation around them, in the order its fields are written. */
const LITERAL = {
  token: asciiLiteral('{"token":'),
  ts: asciiLiteral(',"ts":'),
  lp: asciiLiteral(',"lp":'),
  o: asciiLiteral(',"o":'),
  h: asciiLiteral(',"h":'),
  l: asciiLiteral(',"l":'),
  c: asciiLiteral(',"c":'),
  vt: asciiLiteral(',"vt":'),
  atp: asciiLiteral(',"atp":'),
  oi: asciiLiteral(',"oi":'),
  oiDayHigh: asciiLiteral(',"oiDayHigh":'),
  oiDayLow: asciiLiteral(',"oiDayLow":'),
  prev: asciiLiteral(',"prev":{"lp":'),
  buy: asciiLiteral(',"depth":{"buy":['),
  sell: asciiLiteral('],"sell":['),
  end: asciiLiteral(']}'),
  p: asciiLiteral('{"p":'),
  nextP: asciiLiteral(',{"p":'),
  q: asciiLiteral(',"q":'),
  levelO: asciiLiteral(',"o":'),
};
const CLOSE = 125; // '}'
/** The most bytes a tick takes without its depth (15 numbers and their keys), spill included. */
const MAX_TICK_BYTES = 15 * MAX_NUMBER_BYTES + 160;
/** The most bytes a depth level adds. */
const MAX_LEVEL_BYTES = 3 * MAX_NUMBER_BYTES + 16;

/** Where each tick is written before it is read out as text. */
const scratch = new ByteScratch(4 * 1024);

/** A depth side's levels at `pos`, each `{"p":…,"q":…,"o":…}`, comma-separated. */
function levels(view: DataView, pos: number, side: readonly DepthLevel[]): number {
  for (let i = 0; i < side.length; i++) {
    const { p, q, o } = side[i]!;
    pos = price(view, writeLiteral(view, pos, i > 0 ? LITERAL.nextP : LITERAL.p), p);
    pos = number(view, writeLiteral(view, pos, LITERAL.q), q);
    pos = number(view, writeLiteral(view, pos, LITERAL.levelO), o);
    view.setUint8(pos++, CLOSE);
  }
  return pos;
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
   * fields are fixed by its contract) straight into bytes (see json-bytes) and read out as one flat string. A
   * batch of thousands of ticks then leaves a string each behind, not the tree of pieces a concatenation builds,
   * which a young-generation collection landing mid-batch would have to copy.
   */
  static of(tick: FeedTick): SerialisedTick {
    const depth = tick.depth;
    const view = scratch.reserve(
      MAX_TICK_BYTES + (depth ? (depth.buy.length + depth.sell.length) * MAX_LEVEL_BYTES : 0),
      0,
    );
    let pos = number(view, writeLiteral(view, 0, LITERAL.token), tick.token);
    pos = number(view, writeLiteral(view, pos, LITERAL.ts), tick.ts);
    pos = price(view, writeLiteral(view, pos, LITERAL.lp), tick.lp);
    const ltpEnd = pos;
    if (tick.o !== undefined) pos = price(view, writeLiteral(view, pos, LITERAL.o), tick.o);
    if (tick.h !== undefined) pos = price(view, writeLiteral(view, pos, LITERAL.h), tick.h);
    if (tick.l !== undefined) pos = price(view, writeLiteral(view, pos, LITERAL.l), tick.l);
    if (tick.c !== undefined) pos = price(view, writeLiteral(view, pos, LITERAL.c), tick.c);
    if (tick.vt !== undefined) pos = number(view, writeLiteral(view, pos, LITERAL.vt), tick.vt);
    if (tick.atp !== undefined) pos = price(view, writeLiteral(view, pos, LITERAL.atp), tick.atp);
    if (tick.oi !== undefined) pos = number(view, writeLiteral(view, pos, LITERAL.oi), tick.oi);
    if (tick.oiDayHigh !== undefined) pos = number(view, writeLiteral(view, pos, LITERAL.oiDayHigh), tick.oiDayHigh);
    if (tick.oiDayLow !== undefined) pos = number(view, writeLiteral(view, pos, LITERAL.oiDayLow), tick.oiDayLow);
    if (tick.prev !== undefined) {
      const { lp, oi } = tick.prev;
      pos = price(view, writeLiteral(view, pos, LITERAL.prev), lp);
      if (oi !== undefined) pos = number(view, writeLiteral(view, pos, LITERAL.oi), oi);
      view.setUint8(pos++, CLOSE);
    }
    const quoteEnd = pos;
    if (depth !== undefined) {
      pos = levels(view, writeLiteral(view, pos, LITERAL.buy), depth.buy);
      pos = levels(view, writeLiteral(view, pos, LITERAL.sell), depth.sell);
      pos = writeLiteral(view, pos, LITERAL.end);
    }
    view.setUint8(pos++, CLOSE);
    return new SerialisedTick(tick.token, scratch.text(pos), ltpEnd, quoteEnd);
  }

  private ltpBytes: Buffer | undefined;
  private quoteBytes: Buffer | undefined;
  private fullBytes: Buffer | undefined;

  /** {@link json} as UTF-8, encoded once per mode for every frame that carries it. */
  bytes(mode: FeedMode): Buffer {
    return this.bytesOf(MODE_CODE[mode]);
  }

  /** {@link bytes} of the mode with this code (0 ltp, 1 quote, 2 full; see token-modes), as a flush reads them. */
  bytesOf(code: number): Buffer {
    if (code === 0) return (this.ltpBytes ??= Buffer.from(this.json('ltp'), 'utf8'));
    if (code === 1) return (this.quoteBytes ??= Buffer.from(this.json('quote'), 'utf8'));
    return (this.fullBytes ??= Buffer.from(this.full, 'utf8'));
  }

  /** JSON of the tick as `mode` shows it. */
  json(mode: FeedMode): string {
    if (mode === 'ltp') return (this.ltp ??= `${this.full.slice(0, this.ltpEnd)}}`);
    if (mode === 'quote') return (this.quote ??= `${this.full.slice(0, this.quoteEnd)}}`);
    return this.full;
  }
}
