// Kite names exchange segments the way brokers and the spec do: NSE and BSE are the cash markets, NFO and BFO
// their futures-and-options segments. Holidays are set per exchange group, so NFO follows NSE's list and BFO
// follows BSE's.

/** An exchange segment: NSE/BSE cash, NFO/BFO futures and options. */
export type Exchange = 'NSE' | 'BSE' | 'NFO' | 'BFO';

/** The exchange group whose holidays and rules a segment follows. */
export type Venue = 'NSE' | 'BSE';

/** Every exchange segment this calendar covers. */
export const EXCHANGES: readonly Exchange[] = ['NSE', 'BSE', 'NFO', 'BFO'];

/** The exchange group (NSE or BSE) of a segment. */
export function venueOf(exchange: Exchange): Venue {
  return exchange === 'NSE' || exchange === 'NFO' ? 'NSE' : 'BSE';
}

/** True for the futures-and-options segments (NFO, BFO). */
export function isDerivativesExchange(exchange: Exchange): boolean {
  return exchange === 'NFO' || exchange === 'BFO';
}

/** The futures-and-options segment of an exchange group. */
export function derivativesExchangeOf(venue: Venue): Exchange {
  return venue === 'NSE' ? 'NFO' : 'BFO';
}

/** The cash segment of an exchange group. */
export function cashExchangeOf(venue: Venue): Exchange {
  return venue;
}

/** True when the text names one of the covered exchange segments. */
export function isExchange(text: string): text is Exchange {
  return (EXCHANGES as readonly string[]).includes(text);
}
