import type { Exchange, InstrumentTokenFields } from '@fnodesk/domain';
import { decodeInstrumentToken, derivativesExchangeOf, underlyingById } from '@fnodesk/domain';
import { KITE_SEGMENT, segmentOf } from '../kite/kite-packet';

// Kite Connect's instrument tokens carry the exchange segment in their low byte. Currency and commodity segments
// keep hours the calendar here does not cover; their candles are bucketed on NSE's sessions.
const KITE_SEGMENT_EXCHANGE: Readonly<Record<number, Exchange>> = {
  [KITE_SEGMENT.NSE]: 'NSE',
  [KITE_SEGMENT.NFO]: 'NFO',
  [KITE_SEGMENT.BSE]: 'BSE',
  [KITE_SEGMENT.BFO]: 'BFO',
  [KITE_SEGMENT.INDICES]: 'NSE',
};

/**
 * The exchange segment whose sessions an instrument's candles follow: from the token itself for the platform's own
 * tokens (domain's token scheme), from the segment byte for a broker's (Kite's) tokens.
 */
export function exchangeOfToken(token: number): Exchange {
  const fields = platformTokenFields(token);
  if (!fields) return KITE_SEGMENT_EXCHANGE[segmentOf(token)] ?? 'NSE';
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
