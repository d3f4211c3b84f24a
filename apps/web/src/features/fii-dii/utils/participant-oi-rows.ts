import type { DataResponse } from '@fnodesk/contracts';
import { dayNumber, type IsoDate } from '@fnodesk/domain';
import { directionOf, type Direction } from './day-on-day';

/** One session of `get_fno_oi`. */
export type ParticipantSession = DataResponse<'get_fno_oi'>[number];
/** A participant's positions on a session. */
export type ParticipantPositions = ParticipantSession['total'];

export const PARTICIPANTS = ['Client', 'DII', 'FII', 'Pro'] as const;
/** A participant category of the exchange's file. */
export type Participant = (typeof PARTICIPANTS)[number];

export type ParticipantInstrument = 'Futures' | 'CE' | 'PE';
export const PARTICIPANT_INSTRUMENTS: readonly ParticipantInstrument[] = ['Futures', 'CE', 'PE'];

/** Index derivatives (the default) or stock derivatives. */
export type DerivativeUnderlying = 'Index' | 'Stock';

/** What a change in a participant's net position says about the market. */
export type ParticipantView = 'BULLISH' | 'BEARISH' | 'NA';

/** One row of the Participant Open Interest table. */
export interface ParticipantOiRow {
  date: IsoDate;
  participant: Participant;
  instrument: ParticipantInstrument;
  long: number;
  short: number;
  /** Long − short contracts. */
  net: number;
  /** Net − the previous session's net; null for the oldest session. */
  netChange: number | null;
  direction: Direction | null;
  activity: string;
  view: ParticipantView;
}

/** A participant's long and short contracts in one instrument. */
export function longShort(
  positions: ParticipantPositions,
  instrument: ParticipantInstrument,
  underlying: DerivativeUnderlying,
): { long: number; short: number } {
  const index = underlying === 'Index';
  switch (instrument) {
    case 'Futures':
      return index
        ? { long: positions.futureIndexLong, short: positions.futureIndexShort }
        : { long: positions.futureStockLong, short: positions.futureStockShort };
    case 'CE':
      return index
        ? { long: positions.optionIndexCallLong, short: positions.optionIndexCallShort }
        : { long: positions.optionStockCallLong, short: positions.optionStockCallShort };
    case 'PE':
      return index
        ? { long: positions.optionIndexPutLong, short: positions.optionIndexPutShort }
        : { long: positions.optionStockPutLong, short: positions.optionStockPutShort };
  }
}

const ACTIVITY_NOUN: Record<ParticipantInstrument, string> = {
  Futures: 'FUTURES',
  CE: 'CALL (CE) OPTIONS',
  PE: 'PUT (PE) OPTIONS',
};

/** "BOUGHT …" when the net position grew, "SOLD …" when it shrank, NA when it did not move or is unknown. */
export function participantActivity(instrument: ParticipantInstrument, netChange: number | null): string {
  if (netChange === null || netChange === 0) return 'NA';
  return `${netChange > 0 ? 'BOUGHT' : 'SOLD'} ${ACTIVITY_NOUN[instrument]}`;
}

/**
 * Pages brief G3: a rising net in futures or calls is bullish and a falling one bearish; puts read the other way
 * (net long puts growing is bearish); no change reads NA.
 */
export function participantView(instrument: ParticipantInstrument, netChange: number | null): ParticipantView {
  if (netChange === null || netChange === 0) return 'NA';
  const rising = netChange > 0;
  return (instrument === 'PE' ? !rising : rising) ? 'BULLISH' : 'BEARISH';
}

/** The table's rows, newest session first, each participant's Futures, CE and PE. */
export function participantOiRows(
  sessions: readonly ParticipantSession[],
  underlying: DerivativeUnderlying,
): ParticipantOiRow[] {
  const ordered = [...sessions].sort((a, b) => dayNumber(a.date) - dayNumber(b.date));
  const rows: ParticipantOiRow[] = [];
  ordered.forEach((session, index) => {
    const before = index > 0 ? ordered[index - 1] : undefined;
    for (const participant of PARTICIPANTS) {
      for (const instrument of PARTICIPANT_INSTRUMENTS) {
        const { long, short } = longShort(session.rows[participant], instrument, underlying);
        const net = long - short;
        let netChange: number | null = null;
        if (before !== undefined) {
          const previous = longShort(before.rows[participant], instrument, underlying);
          netChange = net - (previous.long - previous.short);
        }
        rows.push({
          date: session.date,
          participant,
          instrument,
          long,
          short,
          net,
          netChange,
          direction: directionOf(netChange),
          activity: participantActivity(instrument, netChange),
          view: participantView(instrument, netChange),
        });
      }
    }
  });
  // Newest session first, participants and instruments in their order within it.
  const newestFirst: ParticipantOiRow[] = [];
  const perSession = PARTICIPANTS.length * PARTICIPANT_INSTRUMENTS.length;
  for (let start = rows.length - perSession; start >= 0; start -= perSession) {
    newestFirst.push(...rows.slice(start, start + perSession));
  }
  return newestFirst;
}

/** Long ÷ (long + short) per session, per cent: a participant's long share in an instrument (the ratio history). */
export function longSharePercent(
  sessions: readonly ParticipantSession[],
  participant: Participant,
  instrument: ParticipantInstrument,
  underlying: DerivativeUnderlying,
): { date: IsoDate; percent: number | null }[] {
  return [...sessions]
    .sort((a, b) => dayNumber(a.date) - dayNumber(b.date))
    .map((session) => {
      const { long, short } = longShort(session.rows[participant], instrument, underlying);
      const total = long + short;
      return { date: session.date, percent: total === 0 ? null : Math.round((long / total) * 10_000) / 100 };
    });
}
