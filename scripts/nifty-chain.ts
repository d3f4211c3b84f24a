// A trader's quick look: today's NIFTY option chain on the nearest expiry, ATM ± 5 strikes, with LTP, IV, OI and
// PCR, as the data API serves it (`option_chain`, live tier). Outside market hours it shows the last session's
// close. Run: node --import tsx scripts/nifty-chain.ts   (MARKET_SEED picks the simulated market, as the server's).
import type { OptionChain } from '@fnodesk/contracts';
import {
  abbreviateIndianNumber,
  formatIndianNumber,
  formatIstDateTime,
  lastClosedSessionSecond,
  marketStatusAt,
  systemClock,
} from '@fnodesk/domain';
import { createMarketSim } from '@fnodesk/market-sim';
import { simulatedMarketData } from '../apps/server/src/modules/market/market-data.port';
import { createMarketServices } from '../apps/server/src/modules/market/market.service';
import { DEFAULT_MARKET_SEED } from '../apps/server/src/platform/config';

const STRIKES_EACH_SIDE = 5;
const seed = Number(process.env['MARKET_SEED'] ?? DEFAULT_MARKET_SEED);
const now = systemClock.now();
const sim = createMarketSim({ seed, now });
const market = createMarketServices(simulatedMarketData(() => sim));
const view = { asOf: now };
const expiry = market.instruments.optionExpiries(view, 'NIFTY').expiries[0];
if (!expiry) throw new Error('NIFTY has no listed expiry');
const chain: OptionChain = market.chains.optionChain(view, 'NIFTY', expiry.date, 2 * STRIKES_EACH_SIDE + 1, 'Futures');

const price = (v: number | null) => (v === null ? '-' : formatIndianNumber(v));
const oi = (v: number | null) => (v === null ? '-' : abbreviateIndianNumber(v));
const iv = (v: number | null) => (v === null ? '-' : `${v.toFixed(2)}%`);
const signed = (v: number | null) => (v === null ? '-' : `${v >= 0 ? '+' : ''}${formatIndianNumber(v)}`);
const open = marketStatusAt(now, 'NFO') === 'open';
const updated = open ? chain.at : lastClosedSessionSecond(now, 'NFO');
const { summary } = chain;

const lines: string[] = [];
lines.push(
  `NIFTY option chain · expiry ${expiry.formattedDate} (${expiry.series}${expiry.shiftedForHoliday ? ', moved for a holiday' : ''}) · ${chain.daysToExpiry.toFixed(1)} days`,
);
lines.push(
  `Last Updated ${formatIstDateTime(updated)}${open ? '' : ' (market closed: last session’s close)'} · simulated market, seed ${seed}`,
);
lines.push(
  `Spot ${price(summary.spot)} (${signed(summary.spotChangePercent)}%)   Future ${price(summary.futures)} (${signed(summary.futuresChangePercent)}%)   ` +
    `Syn Fut ${price(summary.syntheticFuture)}   PCR ${summary.pcr?.toFixed(2) ?? '-'}   Max pain ${summary.maxPainStrike === null ? '-' : formatIndianNumber(summary.maxPainStrike, 0)}`,
);
lines.push('');
const header = [
  'CE OI'.padStart(9),
  'CE IV'.padStart(8),
  'CE LTP'.padStart(10),
  'STRIKE'.padStart(12),
  'PE LTP'.padStart(10),
  'PE IV'.padStart(8),
  'PE OI'.padStart(9),
  'PCR'.padStart(6),
].join(' ');
lines.push(header);
lines.push('-'.repeat(header.length));
for (const row of chain.rows) {
  const atm = row.strike === chain.atmStrike;
  lines.push(
    [
      oi(row.ce.oi).padStart(9),
      iv(row.ce.iv).padStart(8),
      price(row.ce.ltp).padStart(10),
      `${atm ? '▶ ' : ''}${formatIndianNumber(row.strike, 0)}${atm ? ' ◀' : ''}`.padStart(12),
      price(row.pe.ltp).padStart(10),
      iv(row.pe.iv).padStart(8),
      oi(row.pe.oi).padStart(9),
      (row.pcr?.toFixed(2) ?? '-').padStart(6),
    ].join(' '),
  );
}
lines.push('-'.repeat(header.length));
lines.push(
  `Whole chain: call OI ${abbreviateIndianNumber(summary.callOi)}, put OI ${abbreviateIndianNumber(summary.putOi)}, ` +
    `PCR ${summary.pcr?.toFixed(2) ?? '-'} over ${chain.strikesListed} strikes; ATM by ${expiry.series === 'weekly' ? 'the synthetic future' : 'futures'}; OI in units (L = lakh, Cr = crore).`,
);
process.stdout.write(`${lines.join('\n')}\n`);
