import type { Clock } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SessionResolver } from '../../platform/auth';
import type { Bus } from '../../platform/bus';
import type { Config } from '../../platform/config';
import type { AppLogger } from '../../platform/logger';
import type { EntitlementsProvider } from '../accounts/entitlements';
import { startFeedIngest } from './feed-ingest';
import type { FeedSource, TickSink } from './feed-source';
import { createKiteFeedSource } from './kite';
import { createKiteTokenMap, fetchKiteInstruments } from './kite/kite-instruments';
import { registerFeedGateway } from './feed.gateway';
import { createMarketClock } from './market-clock';
import { createSimFeedSource } from './sim-feed-source';

/** What the feed module is built from. */
export interface FeedModuleDeps {
  config: Config;
  bus: Bus;
  clock: Clock;
  logger: FastifyBaseLogger;
  sessions: SessionResolver | undefined;
  entitlements: EntitlementsProvider;
  /** The feed source the ingest role runs; without one this process ingests nothing. */
  source?: FeedSource;
  /** Candle building and storage of ingested ticks, when the deployment has it. */
  pipeline?: TickSink;
}

/**
 * The feed source `config.feed.source` names: the simulated market (following `config.feed.marketClock`) or Kite's
 * ticker with the platform data account.
 */
export function createConfiguredFeedSource(deps: {
  config: Config;
  clock: Clock;
  logger: AppLogger;
  market: MarketSim | (() => MarketSim);
}): FeedSource {
  const { config } = deps;
  const log = deps.logger.child({ module: 'feed-source' });
  switch (config.feed.source) {
    case 'sim':
      return createSimFeedSource({
        market: deps.market,
        clock: deps.clock,
        marketClock: createMarketClock(config.feed.marketClock, undefined, config.feed.replayStart),
        onError: (err) => log.error({ err }, 'simulated feed step failed'),
      });
    case 'kite': {
      // Config refuses FEED_SOURCE=kite without the data account's credentials.
      const kite = config.feed.kite;
      if (!kite) throw new Error('FEED_SOURCE=kite needs KITE_API_KEY and KITE_ACCESS_TOKEN');
      const market = deps.market;
      return createKiteFeedSource({
        ...kite,
        logger: deps.logger,
        clock: deps.clock,
        // Our instrument master (the same one the data API serves) joined to Kite's day's instrument list.
        loadTokenMap: async () => {
          const kiteByKey = await fetchKiteInstruments({
            apiUrl: config.kiteConnect.apiUrl,
            apiKey: kite.apiKey,
            accessToken: kite.accessToken,
          });
          const sim = typeof market === 'function' ? market() : market;
          return createKiteTokenMap(sim.instruments(deps.clock.now()), kiteByKey);
        },
      });
    }
  }
}

/**
 * Registers the feed by role: `gateway` serves `/feed/v1`; `ingest` runs the feed source and publishes its ticks
 * on the bus (one ingest per cluster). One process with every role works over the in-process bus; with Redis the
 * roles run in separate processes and any gateway serves any client (no sticky sessions).
 */
export async function registerFeedModule(app: FastifyInstance, deps: FeedModuleDeps): Promise<void> {
  const { config } = deps;
  if (config.roles.has('gateway')) {
    await registerFeedGateway(app, {
      bus: deps.bus,
      clock: deps.clock,
      logger: deps.logger,
      sessions: deps.sessions,
      entitlements: deps.entitlements,
      tiers: config.market,
      flushMs: config.feed.flushMs,
    });
  }
  if (config.roles.has('ingest') && deps.source) {
    const ingest = await startFeedIngest({
      bus: deps.bus,
      clock: deps.clock,
      logger: deps.logger,
      source: deps.source,
      ...(deps.pipeline ? { pipeline: deps.pipeline } : {}),
    });
    app.addHook('onClose', () => ingest.stop());
  }
}
