// The risk engine's watched load, shared by the risk benches: `count` paper accounts with 10 NIFTY option positions
// each (every position with a target, a stop and a trailing stop; every account with an armed portfolio MTM stop,
// target and lock-in trail and a daily loss limit) and up to 500 armed rules (COMBINED, CE, SPOT and TIME
// conditions). Every level is out of reach: the load is watched, it never fires.
import { schema, type Database } from '@fnodesk/db';
import type { MarketSim } from '@fnodesk/market-sim';

/** Positions of each account of the load. */
export const POSITIONS_PER_USER = 10;
/** Armed rules of the load (one per account, for the first ones). */
export const RULES = 500;

/** Writes the load for `count` accounts on the options of the NIFTY expiry nearest `start` in `market`. */
export async function loadRiskWatchers(db: Database['db'], count: number, market: MarketSim, start: number) {
  const EXPIRY = market.optionExpiries('NIFTY', start)[0]?.date ?? '';
  const chain = market.optionChainInstruments('NIFTY', EXPIRY, start, 20);
  if (!chain) throw new Error(`no NIFTY ${EXPIRY} chain in the simulated market`);
  const options = chain.strikes.flatMap((s) => [s.ce, s.pe]);
  for (let u = 0; u < count; u += 100) {
    const users = await db
      .insert(schema.users)
      .values(
        Array.from({ length: Math.min(100, count - u) }, (_, i) => ({
          email: `bench${u + i}@example.com`,
          firstName: 'Bench',
          lastName: 'User',
          mobile: '9000000000',
          websocketChannel: `bench-${u + i}`,
        })),
      )
      .returning({ id: schema.users.id });
    const accounts = await db
      .insert(schema.brokerAccounts)
      .values(users.map((user) => ({ userId: user.id, type: 'papertrading', name: 'Paper', userName: user.id })))
      .returning({ id: schema.brokerAccounts.id, userId: schema.brokerAccounts.userId });
    for (const [a, account] of accounts.entries()) {
      const n = u + a;
      const positions = await db
        .insert(schema.tradingPositions)
        .values(
          Array.from({ length: POSITIONS_PER_USER }, (_, i) => {
            const option = options[(n * 7 + i * 3) % options.length]!;
            const price = market.quote(option.instrumentToken, start)?.lp ?? 100;
            return {
              accountId: account.id,
              mode: 'paper' as const,
              exchange: 'NFO',
              tradingSymbol: option.tradingSymbol,
              instrumentToken: option.instrumentToken,
              lotSize: option.lotSize,
              product: 'NRML',
              quantity: option.lotSize,
              buyQuantity: option.lotSize,
              buyValue: price * option.lotSize,
              averagePrice: price,
            };
          }),
        )
        .returning({ id: schema.tradingPositions.id, price: schema.tradingPositions.averagePrice });
      await db.insert(schema.positionProtections).values(
        positions.map((p) => ({
          positionId: p.id,
          accountId: account.id,
          target: p.price * 100 + 1000,
          stopLoss: 0.05,
          trailingStop: p.price * 50 + 500,
          trailAnchor: p.price,
        })),
      );
      await db.insert(schema.portfolioRisks).values({
        accountId: account.id,
        mode: 'paper',
        mtmStop: 1e9,
        mtmTarget: 1e9,
        trailFrom: 5e8,
        trailLock: 1e8,
        trailStep: 1e7,
        armed: true,
      });
      await db.insert(schema.riskSettings).values({
        accountId: account.id,
        maxPositions: 20,
        riskPercentagePerTrade: 1,
        idealRewardToRisk: 2,
        riskPerTradeAmount: 1000,
        dailyLossLimit: 1e9,
      });
      if (n < RULES) {
        const strike = chain.strikes[n % chain.strikes.length]!.strike;
        const kinds = [
          { source: 'COMBINED', strike: { kind: 'absolute', strike }, comparator: 'GE', value: 1e6, waitTicks: 3 },
          { source: 'CE', strike: { kind: 'atm', offset: (n % 5) - 2 }, comparator: 'LT', value: 0.01, waitTicks: 1 },
          { source: 'SPOT', comparator: 'GT', value: 1e6, waitTicks: 2 },
          { source: 'TIME', comparator: 'EQ', time: '23:59', waitTicks: 1 },
        ];
        await db.insert(schema.quiktradeRules).values({
          userId: account.userId,
          accountId: account.id,
          mode: 'paper',
          instrument: 'NIFTY',
          expiry: EXPIRY,
          product: 'MIS',
          condition: kinds[n % kinds.length]!,
          actions: [{ side: 'BUY', type: 'CE', strike: { kind: 'atm', offset: 0 }, lots: 1 }],
        });
      }
    }
  }
}
