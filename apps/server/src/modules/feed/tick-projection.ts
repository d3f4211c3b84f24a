import type { FeedMode, FeedTick } from '@fnodesk/contracts';

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

/** A tick serialised at most once per mode, however many clients receive it. */
export class SerialisedTick {
  private readonly cache = new Map<FeedMode, string>();
  constructor(readonly tick: FeedTick) {}

  /** JSON of the tick as `mode` shows it. */
  json(mode: FeedMode): string {
    let text = this.cache.get(mode);
    if (text === undefined) {
      text = JSON.stringify(projectTick(this.tick, mode));
      this.cache.set(mode, text);
    }
    return text;
  }
}
