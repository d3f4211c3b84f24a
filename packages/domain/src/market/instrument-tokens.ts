// Instrument tokens are computed from what an instrument is, so the same contract has the same token in every
// process, every day, without a lookup table. Read as a decimal number, a token is
//
//     U U U  K  D D D D D  S S S S S S S
//     │      │  │          └ strike in units of ₹0.05 (0 for spot and futures; up to ₹4,99,999.95)
//     │      │  └ expiry as days since 2000-01-01 (0 for spot)
//     │      └ kind: 0 spot (index value or cash equity), 1 future, 2 call, 3 put
//     └ permanent underlying id (indices 1–99, F&O stocks 101 and up; at most 899)
//
// i.e. token = id·10¹³ + kind·10¹² + expiryDays·10⁷ + strikeUnits. Distinct instruments get distinct tokens, and
// every token stays below 2⁵³ (store them as bigint in SQL). They differ from a broker's own tokens: adapters map.
import type { DerivativeContract } from './trading-symbols';
import type { IsoDate } from './ist-time';
import { dateOfDayNumber, dayNumber } from './ist-time';
import { underlyingIdOf } from './underlyings';

/** Kind of instrument a token names: the underlying's own price, or one of its contracts. */
export type InstrumentKind = 'SPOT' | 'FUT' | 'CE' | 'PE';

/** The fields a token is made of. */
export interface InstrumentTokenFields {
  underlyingId: number;
  kind: InstrumentKind;
  /** Null for spot. */
  expiry: IsoDate | null;
  /** Strike in rupees for options; null otherwise. */
  strike: number | null;
}

const KIND_DIGITS: Readonly<Record<InstrumentKind, number>> = { SPOT: 0, FUT: 1, CE: 2, PE: 3 };
const KINDS: readonly InstrumentKind[] = ['SPOT', 'FUT', 'CE', 'PE'];
const ID_FACTOR = 10 ** 13;
const KIND_FACTOR = 10 ** 12;
const EXPIRY_FACTOR = 10 ** 7;
const MAX_UNDERLYING_ID = 899;
const MAX_EXPIRY_DAYS = 99_999;
const MAX_STRIKE_UNITS = 9_999_999;
const STRIKE_UNIT = 0.05;
const EPOCH_DAY = dayNumber('2000-01-01');

/** Builds a token from its fields; throws a RangeError for fields outside the scheme. */
export function encodeInstrumentToken(fields: InstrumentTokenFields): number {
  const { underlyingId, kind, expiry, strike } = fields;
  if (!Number.isInteger(underlyingId) || underlyingId < 1 || underlyingId > MAX_UNDERLYING_ID) {
    throw new RangeError(`Underlying id out of range: ${underlyingId}`);
  }
  const isOption = kind === 'CE' || kind === 'PE';
  if ((kind === 'SPOT') !== (expiry === null)) throw new RangeError(`Only spot instruments have no expiry`);
  if (isOption !== (strike !== null)) throw new RangeError(`Only options have a strike`);
  const expiryDays = expiry === null ? 0 : dayNumber(expiry) - EPOCH_DAY;
  if (expiryDays < 0 || expiryDays > MAX_EXPIRY_DAYS) throw new RangeError(`Expiry out of range: ${expiry}`);
  const strikeUnits = strike === null ? 0 : Math.round(strike / STRIKE_UNIT);
  if (
    strike !== null &&
    (strikeUnits < 1 || strikeUnits > MAX_STRIKE_UNITS || Math.abs(strike / STRIKE_UNIT - strikeUnits) > 1e-6)
  ) {
    throw new RangeError(`Strike must be a positive multiple of ₹0.05 below ₹5,00,000: ${strike}`);
  }
  return underlyingId * ID_FACTOR + KIND_DIGITS[kind] * KIND_FACTOR + expiryDays * EXPIRY_FACTOR + strikeUnits;
}

/** Splits a token back into its fields; throws a RangeError for a number that is not a token. */
export function decodeInstrumentToken(token: number): InstrumentTokenFields {
  if (!Number.isSafeInteger(token) || token < ID_FACTOR) throw new RangeError(`Not an instrument token: ${token}`);
  const underlyingId = Math.floor(token / ID_FACTOR);
  const kind = KINDS[Math.floor((token % ID_FACTOR) / KIND_FACTOR)];
  const expiryDays = Math.floor((token % KIND_FACTOR) / EXPIRY_FACTOR);
  const strikeUnits = token % EXPIRY_FACTOR;
  if (kind === undefined || underlyingId > MAX_UNDERLYING_ID) throw new RangeError(`Not an instrument token: ${token}`);
  const fields: InstrumentTokenFields = {
    underlyingId,
    kind,
    expiry: kind === 'SPOT' ? null : dateOfDayNumber(EPOCH_DAY + expiryDays),
    strike: kind === 'CE' || kind === 'PE' ? Number((strikeUnits * STRIKE_UNIT).toFixed(2)) : null,
  };
  // Reject numbers with digits the scheme never writes (e.g. a strike on a future).
  if (encodeInstrumentToken(fields) !== token) throw new RangeError(`Not an instrument token: ${token}`);
  return fields;
}

/** The token of an underlying's own price: an index value (by root or name) or a stock's cash price. */
export function spotInstrumentToken(rootOrName: string): number {
  return encodeInstrumentToken({ underlyingId: underlyingIdOf(rootOrName), kind: 'SPOT', expiry: null, strike: null });
}

/** The token of a futures or options contract. */
export function contractInstrumentToken(contract: DerivativeContract): number {
  return encodeInstrumentToken({
    underlyingId: underlyingIdOf(contract.root),
    kind: contract.kind,
    expiry: contract.expiry,
    strike: contract.kind === 'FUT' ? null : contract.strike,
  });
}
