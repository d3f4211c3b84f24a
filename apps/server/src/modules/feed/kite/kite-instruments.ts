/**
 * Kite's instrument tokens against ours. Kite numbers instruments its own way (a token per listing, reissued as
 * contracts are listed); this platform's tokens come from its symbology. Both name an instrument by exchange and
 * Kite-style trading symbol, so the day's instrument dump (`GET /instruments`, CSV) joins the two.
 */

/** An instrument of our master as the mapping needs it. */
export interface MappableInstrument {
  readonly instrumentToken: number;
  readonly exchange: string;
  readonly tradingSymbol: string;
}

/** Our tokens to Kite's and back, for one day's instrument lists. */
export interface KiteTokenMap {
  /** Kite's token for one of ours; undefined when Kite lists no such instrument. */
  toKite(token: number): number | undefined;
  /** Our token for one of Kite's; undefined when our master has no such instrument. */
  fromKite(kiteToken: number): number | undefined;
  /** Instruments mapped. */
  readonly size: number;
}

const REQUIRED_COLUMNS = ['instrument_token', 'tradingsymbol', 'exchange'] as const;

/** Splits one CSV line into fields (RFC 4180 quoting: `"a, b"` and `""` for a quote inside quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

/** The key both sides share. */
function instrumentKey(exchange: string, tradingSymbol: string): string {
  return `${exchange}:${tradingSymbol}`;
}

/**
 * Kite's tokens by `EXCHANGE:TRADINGSYMBOL` from its instrument dump. Columns are found by the header, so a new
 * column does not break the mapping; a dump without the three needed columns is refused.
 */
export function parseKiteInstruments(csv: string): Map<string, number> {
  const lines = csv.split(/\r?\n/);
  const header = csvFields(lines[0] ?? '').map((name) => name.trim());
  const at = Object.fromEntries(REQUIRED_COLUMNS.map((name) => [name, header.indexOf(name)])) as Record<
    (typeof REQUIRED_COLUMNS)[number],
    number
  >;
  const missing = REQUIRED_COLUMNS.filter((name) => at[name] < 0);
  if (missing.length > 0) throw new Error(`Kite instrument dump lacks ${missing.join(', ')}`);
  const byKey = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const fields = csvFields(line);
    const token = Number(fields[at.instrument_token]);
    const symbol = fields[at.tradingsymbol];
    const exchange = fields[at.exchange];
    if (!Number.isSafeInteger(token) || token <= 0 || !symbol || !exchange) continue;
    byKey.set(instrumentKey(exchange, symbol), token);
  }
  return byKey;
}

/** Joins our instruments to Kite's tokens; instruments Kite does not list stay unmapped. */
export function createKiteTokenMap(
  instruments: Iterable<MappableInstrument>,
  kiteByKey: ReadonlyMap<string, number>,
): KiteTokenMap {
  const toKite = new Map<number, number>();
  const fromKite = new Map<number, number>();
  for (const instrument of instruments) {
    const kiteToken = kiteByKey.get(instrumentKey(instrument.exchange, instrument.tradingSymbol));
    if (kiteToken === undefined) continue;
    toKite.set(instrument.instrumentToken, kiteToken);
    fromKite.set(kiteToken, instrument.instrumentToken);
  }
  return {
    toKite: (token) => toKite.get(token),
    fromKite: (kiteToken) => fromKite.get(kiteToken),
    size: toKite.size,
  };
}

/** Where and as whom the instrument dump is fetched. */
export interface KiteInstrumentsRequest {
  /** Kite Connect's API root, e.g. https://api.kite.trade. */
  readonly apiUrl: string;
  readonly apiKey: string;
  readonly accessToken: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

/** Downloads the day's instrument dump (Kite Connect v3 `GET /instruments`). Errors never carry the token. */
export async function fetchKiteInstruments(request: KiteInstrumentsRequest): Promise<Map<string, number>> {
  const doFetch = request.fetch ?? fetch;
  const response = await doFetch(`${request.apiUrl.replace(/\/+$/, '')}/instruments`, {
    headers: { 'X-Kite-Version': '3', Authorization: `token ${request.apiKey}:${request.accessToken}` },
    signal: AbortSignal.timeout(request.timeoutMs ?? 30_000),
  });
  if (!response.ok) throw new Error(`Kite instrument dump answered HTTP ${response.status}`);
  return parseKiteInstruments(await response.text());
}
