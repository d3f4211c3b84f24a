import {
  AtmInstrumentsListSchema,
  IndexSectorListSchema,
  InstrumentListSchema,
  InstrumentSchema,
  OptionChainInstrumentsSchema,
  OptionExpiriesSchema,
  SEARCH_FILTERS,
} from '@fnodesk/contracts';
import {
  derivativesRoots,
  NIFTY_BANK_CONSTITUENTS,
  PICKER_INDEX_ROOTS,
  spotInstrumentToken,
  weekdayOf,
} from '@fnodesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTierDataClient, type DataClient } from '../../../test/market-data-client';

// The test clock: Fri 20-Nov-2026 09:30 IST. NIFTY's November monthly expiry (Tue 24-Nov) moves to Mon 23-Nov for
// the Guru Nanak Jayanti holiday; its next weekly is Tue 1-Dec.
let c: DataClient;
const ROOTS = derivativesRoots().length;

beforeAll(async () => {
  c = await liveTierDataClient('instruments');
});

afterAll(async () => {
  await c.t.close();
});

describe('futures and pre-open lists', () => {
  it('get_future_instruments lists the near-month future of every F&O underlying', async () => {
    const futures = await c.data(InstrumentListSchema, 'get_future_instruments');
    expect(futures).toHaveLength(ROOTS);
    expect(futures.every((f) => f.instrumentType === 'FUT' && (f.exchange === 'NFO' || f.exchange === 'BFO'))).toBe(
      true,
    );
    expect(futures.find((f) => f.name === 'NIFTY')).toMatchObject({
      tradingSymbol: 'NIFTY26NOVFUT',
      expiry: '2026-11-23',
      lotSize: 65,
      tickSize: 0.05,
      segment: 'NFO-FUT',
    });
    expect(futures.find((f) => f.name === 'SENSEX')).toMatchObject({ exchange: 'BFO', segment: 'BFO-FUT' });
  });

  it('get_all_future_instruments lists three serial months per underlying', async () => {
    const futures = await c.data(InstrumentListSchema, 'get_all_future_instruments');
    expect(futures).toHaveLength(3 * ROOTS);
    expect(futures.filter((f) => f.name === 'NIFTY').map((f) => f.tradingSymbol)).toEqual([
      'NIFTY26NOVFUT',
      'NIFTY26DECFUT',
      'NIFTY27JANFUT',
    ]);
  });

  it('get_pre_market_instruments lists the derivative indices then the F&O stocks', async () => {
    const list = await c.data(InstrumentListSchema, 'get_pre_market_instruments');
    expect(list).toHaveLength(ROOTS);
    expect(list.slice(0, PICKER_INDEX_ROOTS.length).map((i) => i.name)).toEqual([...PICKER_INDEX_ROOTS]);
    expect(list.slice(PICKER_INDEX_ROOTS.length).every((i) => i.instrumentType === 'EQ')).toBe(true);
  });
});

describe('search', () => {
  it('without a query lists every underlying in picker order, NIFTY second (the page default)', async () => {
    const list = await c.data(InstrumentListSchema, 'search');
    expect(list).toHaveLength(ROOTS);
    expect(list[1]?.name).toBe('NIFTY');
    const stocks = list.slice(PICKER_INDEX_ROOTS.length).map((i) => i.name);
    expect(stocks).toEqual([...stocks].sort());
  });

  it('matches any case within the symbol or the display name', async () => {
    const names = (await c.data(InstrumentListSchema, 'search?query=bank&filter=all')).map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['BANKNIFTY', 'BANKEX', 'AXISBANK', 'HDFCBANK']));
    expect(names).not.toContain('RELIANCE');
  });

  it('the banknifty filter keeps the Bank Nifty constituents', async () => {
    const names = (await c.data(InstrumentListSchema, 'search?query=&filter=banknifty')).map((i) => i.name);
    expect(new Set(names)).toEqual(new Set(NIFTY_BANK_CONSTITUENTS));
  });

  it.each(SEARCH_FILTERS)('filter %s gives a non-empty list of stocks or indices', async (filter) => {
    const list = await c.data(InstrumentListSchema, `search?filter=${filter}`);
    expect(list.length).toBeGreaterThan(filter === 'all' ? 200 : 5);
  });

  it('rejects an unknown filter naming the field', async () => {
    const res = await c.get('search?query=a&filter=midcap');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'filter' });
  });
});

describe('get_option_expiry', () => {
  it('lists NIFTY expiries nearest first: the holiday-shifted monthly, then Tuesday weeklies', async () => {
    const expiries = await c.data(OptionExpiriesSchema, 'get_option_expiry?name=NIFTY');
    expect(expiries.expiries[0]).toMatchObject({
      date: '2026-11-23',
      formattedDate: '23-Nov-2026',
      series: 'monthly',
      shiftedForHoliday: true,
    });
    expect(expiries.expiries[1]).toMatchObject({ date: '2026-12-01', series: 'weekly' });
    for (const expiry of expiries.expiries.filter((e) => !e.shiftedForHoliday)) {
      expect(weekdayOf(expiry.date)).toBe(2);
    }
    // January 2027's last Tuesday is Republic Day: that month's contracts expire on Monday 25-Jan.
    expect(expiries.futureExpiries.map((e) => e.date)).toEqual(['2026-11-23', '2026-12-29', '2027-01-25']);
  });

  it('takes the index name in any case and gives SENSEX its Thursday expiries', async () => {
    const byName = await c.data(OptionExpiriesSchema, 'get_option_expiry?name=nifty%2050');
    expect(byName.name).toBe('NIFTY');
    const sensex = await c.data(OptionExpiriesSchema, 'get_option_expiry?name=SENSEX');
    expect(sensex.expiries.filter((e) => !e.shiftedForHoliday).every((e) => weekdayOf(e.date) === 4)).toBe(true);
  });

  it('gives a stock its monthly expiries only', async () => {
    const stock = await c.data(OptionExpiriesSchema, 'get_option_expiry?name=RELIANCE');
    expect(stock.expiries.every((e) => e.series === 'monthly')).toBe(true);
  });

  it.each(['XYZ', '', 'NIFTY%20AUTO'])('rejects name=%s', async (name) => {
    const res = await c.get(`get_option_expiry?name=${name}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'name' });
  });
});

describe('instruments', () => {
  it('by name and exchange: NIFTY futures and options on NFO', async () => {
    const list = await c.data(InstrumentListSchema, 'instruments?name=NIFTY&exchange=nfo');
    expect(list.every((i) => i.exchange === 'NFO')).toBe(true);
    expect(list.filter((i) => i.instrumentType === 'FUT')).toHaveLength(3);
    expect(list.some((i) => i.tradingSymbol === 'NIFTY26NOV25600CE')).toBe(true);
    expect(list.some((i) => i.tradingSymbol === 'NIFTY26D0125600PE')).toBe(true);
  });

  it('by name: a sector index is its own instrument', async () => {
    const list = await c.data(InstrumentListSchema, 'instruments?name=NIFTY%20AUTO');
    expect(list).toEqual([expect.objectContaining({ tradingSymbol: 'NIFTY AUTO', instrumentType: 'INDEX' })]);
  });

  it('by tokens, in the order asked, unknown tokens left out', async () => {
    const nifty = spotInstrumentToken('NIFTY');
    const sensex = spotInstrumentToken('SENSEX');
    const unknown = 1_010_000_000_000_000 + 1; // a 360ONE spot token with a strike digit: not an instrument
    const list = await c.data(InstrumentListSchema, `instruments?tokens=${sensex},${nifty}`);
    expect(list.map((i) => i.instrumentToken)).toEqual([sensex, nifty]);
    expect((await c.get(`instruments?tokens=${unknown}`)).status).toBe(400);
  });

  it.each([
    ['neither name nor tokens', 'instruments', 'name'],
    ['both name and tokens', 'instruments?name=NIFTY&tokens=10000000000000', 'name'],
    ['an unknown exchange', 'instruments?name=NIFTY&exchange=MCX', 'exchange'],
    ['a token that is not a number', 'instruments?tokens=12,abc', 'tokens'],
  ])('rejects %s', async (_label, path, field) => {
    const res = await c.get(path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field });
  });
});

describe('get_option_chain_instruments and option_instrument', () => {
  it('lists every strike of the expiry on the 50-point grid with matching CE and PE', async () => {
    const chain = await c.data(
      OptionChainInstrumentsSchema,
      'get_option_chain_instruments?name=NIFTY&expiry=2026-11-23',
    );
    expect(chain.spotToken).toBe(spotInstrumentToken('NIFTY'));
    const strikes = chain.strikes.map((s) => s.strike);
    expect(strikes.length).toBeGreaterThan(60);
    expect(strikes.every((k, i) => i === 0 || k - strikes[i - 1]! === 50)).toBe(true);
    for (const row of chain.strikes) {
      expect(row.ce).toMatchObject({ instrumentType: 'CE', strike: row.strike, expiry: '2026-11-23' });
      expect(row.pe).toMatchObject({ instrumentType: 'PE', strike: row.strike, expiry: '2026-11-23' });
    }
    const futures = await c.data(InstrumentListSchema, `instruments?tokens=${chain.futToken}`);
    expect(futures[0]?.tradingSymbol).toBe('NIFTY26NOVFUT');
  });

  it.each([
    ['an expiry already gone', '2026-11-17'],
    ['a date that is no expiry', '2026-11-25'],
    ['a malformed date', '23-11-2026'],
  ])('rejects %s naming expiry', async (_label, expiry) => {
    const res = await c.get(`get_option_chain_instruments?name=NIFTY&expiry=${expiry}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'expiry' });
  });

  it('option_instrument finds a contract by name, type, expiry and strike', async () => {
    const option = await c.data(
      InstrumentSchema,
      'option_instrument?name=NIFTY&type=pe&expiry=2026-12-01&strike=25600',
    );
    expect(option).toMatchObject({ tradingSymbol: 'NIFTY26D0125600PE', instrumentType: 'PE', lotSize: 65 });
  });

  it('option_instrument refuses a strike off the grid', async () => {
    const res = await c.get('option_instrument?name=NIFTY&type=CE&expiry=2026-11-23&strike=25625');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'strike' });
  });
});

describe('get_index_sector and get_index_atm_instruments', () => {
  it('gives NIFTY 50 its fifty constituents with weights summing to 100 %', async () => {
    const indices = await c.data(IndexSectorListSchema, 'get_index_sector');
    const nifty = indices.find((i) => i.index === 'NIFTY 50');
    expect(nifty?.constituents).toHaveLength(50);
    const weights = nifty?.constituents.reduce((sum, m) => sum + m.weight, 0) ?? 0;
    expect(weights).toBeCloseTo(100, 0);
    expect((nifty?.advances ?? 0) + (nifty?.declines ?? 0)).toBeLessThanOrEqual(50);
    expect(Math.abs(nifty?.changePercent ?? 99)).toBeLessThan(5);
  });

  it('gives each derivative index the strike nearest its spot on the nearest expiry', async () => {
    const atm = await c.data(AtmInstrumentsListSchema, 'get_index_atm_instruments');
    expect(atm.map((a) => a.name)).toEqual([...PICKER_INDEX_ROOTS]);
    const nifty = atm.find((a) => a.name === 'NIFTY')!;
    expect(nifty.expiry).toBe('2026-11-23');
    const spot = (await c.get('spot?name=NIFTY')).body.data as { lp: number };
    expect(Math.abs(nifty.strike - spot.lp)).toBeLessThanOrEqual(25);
    expect(nifty.ce).toMatchObject({ strike: nifty.strike, instrumentType: 'CE' });
  });
});
