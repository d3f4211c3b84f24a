import type { Exchange, InstrumentTokenFields } from '@fnodesk/domain';
import { decodeInstrumentToken, derivativesExchangeOf, underlyingById } from '@fnodesk/domain';

// Kite Connect's instrument tokens carry the exchange segment in their low byte (kite.trade/docs/connect/v3):
// 1 NSE, 2 NFO, 4 BSE, 5 BFO, 9 indices. Currency and commodity segments keep hours the calendar here does not
// cover; their candles are bucketed on NSE's sessions.
const KITE_SEGMENT_EXCHANGE: Readonly<Record<number, Exchange>> = { 1: 'NSE', 2: 'NFO', 4: 'BSE', 5: 'BFO', 9: 'NSE' };

/**
 * The exchange segment whose sessions an instrument's candles follow: from the token itself for the platform's own
 * tokens (domain's token scheme), from the segment byte for a broker's (Kite's) tokens.
 */
export function exchangeOfToken(token: number): Exchange {
  const fields = platformTokenFields(token);
  if (!fields) return KITE_SEGMENT_EXCHANGE[token & 0xff] ?? 'NSE';
  const underlying = underlyingById(fields.underlyingId);
  const venue = underlying && 'exchange' in underlying ? underlying.exchange : 'NSE';
  return fields.kind === 'SPOT' ? venue : derivativesExchangeOf(venue);
}

function platformTokenFields(token: number): InstrumentTokenFields | null {
  try {
    return decodeInstrumentToken(token);
  } catch {
    return null;
  }
}
