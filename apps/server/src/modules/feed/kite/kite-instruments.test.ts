import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createKiteTokenMap, fetchKiteInstruments, parseKiteInstruments } from './kite-instruments';

// Rows as Kite Connect's `GET /instruments` sends them (quoted names, empty expiry for indices and equities).
const DUMP = [
  'instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange',
  '256265,1001,NIFTY 50,"NIFTY 50",0,,0,0,0,EQ,INDICES,NSE',
  '738561,2885,RELIANCE,"RELIANCE INDUSTRIES, LTD",0,,0,0.1,1,EQ,NSE,NSE',
  '12073986,47164,NIFTY26NOVFUT,"NIFTY",0,2026-11-24,0,0.1,65,FUT,NFO-FUT,NFO',
  '9604354,37517,NIFTY26NOV25500CE,"NIFTY",0,2026-11-24,25500,0.05,65,CE,NFO-OPT,NFO',
  '265,1,SENSEX,"SENSEX",0,,0,0,0,EQ,INDICES,BSE',
  '',
].join('\n');

describe('Kite instrument dump', () => {
  it('indexes tokens by exchange and trading symbol, quoted names with commas included', () => {
    const byKey = parseKiteInstruments(DUMP);
    expect(byKey.get('NSE:NIFTY 50')).toBe(256_265);
    expect(byKey.get('NSE:RELIANCE')).toBe(738_561);
    expect(byKey.get('NFO:NIFTY26NOV25500CE')).toBe(9_604_354);
    expect(byKey.get('BSE:SENSEX')).toBe(265);
    expect(byKey.size).toBe(5);
  });

  it('finds columns by the header, whatever their order, and reads Windows line ends', () => {
    const reordered = 'exchange,tradingsymbol,instrument_token\r\nNFO,NIFTY26NOVFUT,12073986\r\n';
    expect(parseKiteInstruments(reordered).get('NFO:NIFTY26NOVFUT')).toBe(12_073_986);
  });

  it('refuses a file that is not an instrument dump', () => {
    expect(() => parseKiteInstruments('<html>maintenance</html>')).toThrow(/instrument_token/);
  });

  it('skips rows without a usable token', () => {
    const byKey = parseKiteInstruments('instrument_token,tradingsymbol,exchange\nx,BAD,NSE\n0,ZERO,NSE\n5,OK,NSE');
    expect([...byKey]).toEqual([['NSE:OK', 5]]);
  });
});

describe('our tokens against Kite’s', () => {
  const ours = [
    { instrumentToken: 1_000_001, exchange: 'NSE', tradingSymbol: 'NIFTY 50' },
    { instrumentToken: 1_000_002, exchange: 'NFO', tradingSymbol: 'NIFTY26NOV25500CE' },
    { instrumentToken: 1_000_003, exchange: 'NFO', tradingSymbol: 'NIFTY26NOV99999CE' },
    // The same symbol on another exchange is another instrument.
    { instrumentToken: 1_000_004, exchange: 'NSE', tradingSymbol: 'SENSEX' },
  ];
  const map = createKiteTokenMap(ours, parseKiteInstruments(DUMP));

  it('maps both ways for instruments both lists have', () => {
    expect(map.toKite(1_000_001)).toBe(256_265);
    expect(map.fromKite(256_265)).toBe(1_000_001);
    expect(map.toKite(1_000_002)).toBe(9_604_354);
    expect(map.fromKite(9_604_354)).toBe(1_000_002);
    expect(map.size).toBe(2);
  });

  it('leaves instruments Kite does not list, or lists on another exchange, unmapped', () => {
    expect(map.toKite(1_000_003)).toBeUndefined();
    expect(map.toKite(1_000_004)).toBeUndefined();
    expect(map.fromKite(265)).toBeUndefined();
  });
});

describe('downloading the dump', () => {
  const closers: Array<() => void> = [];
  afterEach(() => closers.splice(0).forEach((close) => close()));

  async function serve(status: number, body: string) {
    const seen: { url?: string; headers?: Record<string, string | string[] | undefined> } = {};
    const server = createServer((req, res) => {
      seen.url = req.url;
      seen.headers = req.headers;
      res.writeHead(status, { 'content-type': 'text/csv' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => server.close());
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
  }

  it('asks for /instruments with Kite Connect v3 headers and the data account token', async () => {
    const { url, seen } = await serve(200, DUMP);
    const byKey = await fetchKiteInstruments({ apiUrl: `${url}/`, apiKey: 'key-1', accessToken: 'token-canary-77' });
    expect(byKey.get('NSE:NIFTY 50')).toBe(256_265);
    expect(seen.url).toBe('/instruments');
    expect(seen.headers?.['x-kite-version']).toBe('3');
    expect(seen.headers?.['authorization']).toBe('token key-1:token-canary-77');
  });

  it('fails with the status and without the token when Kite refuses', async () => {
    const { url } = await serve(403, '{"status":"error","error_type":"TokenException"}');
    const failure = fetchKiteInstruments({ apiUrl: url, apiKey: 'key-1', accessToken: 'token-canary-77' });
    await expect(failure).rejects.toThrow('HTTP 403');
    await expect(failure).rejects.not.toThrow(/canary/);
  });
});
