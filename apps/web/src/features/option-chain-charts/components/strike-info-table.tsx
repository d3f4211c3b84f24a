import type { FeedTick } from '@fnodesk/contracts';
import { abbreviateIndianNumber, formatIndianNumber, type Clock } from '@fnodesk/domain';
import { Table } from 'react-bootstrap';
import { TradeButton } from '../../../components/trade-button';
import { useNow } from '../../../lib/market/use-now';
import { strikeLabel, type StrikeEntry } from '../utils/strike-layout';

/** Props of {@link StrikeInfoTable}. */
export interface StrikeInfoTableProps {
  entry: StrikeEntry;
  /** Latest feed tick of a token, in the live tier. */
  tickOf: (token: number) => FeedTick | undefined;
  live: boolean;
  clock: Clock;
  /**
   * Close of the last candle the strike's chart shows, when it has candles: outside the live tier the LTP beside a
   * chart is that close, so the two never disagree (the chain snapshot and the candles are fetched at different
   * instants).
   */
  lastCloseOf?: (token: number) => number | undefined;
}

interface Side {
  ltp: number | null;
  change: number | null;
  oi: number | null;
  oiChange: number | null;
  volume: number | null;
  iv: number | null;
}

function sideOf(
  leg: NonNullable<StrikeEntry['row']>['ce'] | undefined,
  tick: FeedTick | undefined,
  lastClose: number | undefined,
): Side {
  const ltp = tick?.lp ?? lastClose ?? leg?.ltp ?? null;
  const previous = tick?.prev?.lp ?? tick?.c;
  // The previous session's close, from the chain: its LTP less its change.
  const previousClose =
    leg !== undefined && leg.ltp !== null && leg.ltpChange !== null ? leg.ltp - leg.ltpChange : null;
  const oi = tick?.oi ?? leg?.oi ?? null;
  const previousOi = tick?.prev?.oi;
  return {
    ltp,
    change:
      tick !== undefined && previous !== undefined
        ? tick.lp - previous
        : lastClose !== undefined && previousClose !== null
          ? lastClose - previousClose
          : (leg?.ltpChange ?? null),
    oi,
    oiChange: tick?.oi !== undefined && previousOi !== undefined ? tick.oi - previousOi : (leg?.oiChange ?? null),
    volume: tick?.vt ?? leg?.volume ?? null,
    iv: leg?.iv ?? null,
  };
}

const price = (value: number | null) => (value === null ? '–' : formatIndianNumber(value));
const quantity = (value: number | null) => (value === null ? '–' : abbreviateIndianNumber(value));
const signedClass = (value: number | null) =>
  value === null || value === 0 ? '' : value > 0 ? 'text-success' : 'text-danger';
const signedPrice = (value: number | null) => (value === null ? '–' : `${value > 0 ? '+' : ''}${price(value)}`);
const signedQuantity = (value: number | null) =>
  value === null ? '–' : `${value > 0 ? '+' : ''}${abbreviateIndianNumber(value)}`;

/** The middle column of a strike: a BUY button, then the call's and put's LTP, change, OI, volume, IV and PCR. */
export function StrikeInfoTable({ entry, tickOf, live, clock, lastCloseOf }: StrikeInfoTableProps) {
  // Live quotes are re-read once a second; delayed ones change only with the chain.
  useNow(clock, live ? 1_000 : 60_000);
  const callTick = live ? tickOf(entry.callToken) : undefined;
  const putTick = live ? tickOf(entry.putToken) : undefined;
  const call = sideOf(entry.row?.ce, callTick, lastCloseOf?.(entry.callToken));
  const put = sideOf(entry.row?.pe, putTick, lastCloseOf?.(entry.putToken));
  const pcr = put.oi !== null && call.oi !== null && call.oi > 0 ? put.oi / call.oi : (entry.row?.pcr ?? null);
  const rows: { label: string; ce: string; pe: string; ceClass?: string; peClass?: string }[] = [
    { label: 'LTP', ce: price(call.ltp), pe: price(put.ltp) },
    {
      label: 'Chg',
      ce: signedPrice(call.change),
      pe: signedPrice(put.change),
      ceClass: signedClass(call.change),
      peClass: signedClass(put.change),
    },
    { label: 'OI', ce: quantity(call.oi), pe: quantity(put.oi) },
    {
      label: 'OI Chg',
      ce: signedQuantity(call.oiChange),
      pe: signedQuantity(put.oiChange),
      ceClass: signedClass(call.oiChange),
      peClass: signedClass(put.oiChange),
    },
    { label: 'Volume', ce: quantity(call.volume), pe: quantity(put.volume) },
    {
      label: 'IV',
      ce: call.iv === null ? '–' : `${formatIndianNumber(call.iv)}%`,
      pe: put.iv === null ? '–' : `${formatIndianNumber(put.iv)}%`,
    },
  ];
  const label = strikeLabel(entry.strike);
  return (
    <div className={`occ-info card ${entry.atm ? 'border-primary' : ''}`} data-testid="option-chain-charts-info">
      <div className="card-header d-flex align-items-center justify-content-between gap-2 py-1 px-2">
        <div className="d-flex gap-1" data-testid="strike-buy">
          <TradeButton instrumentToken={entry.callToken} side="BUY" size="sm" label={`BUY ${label} CE`}>
            BUY CE
          </TradeButton>
          <TradeButton instrumentToken={entry.putToken} side="BUY" size="sm" label={`BUY ${label} PE`}>
            BUY PE
          </TradeButton>
        </div>
        <span className="fw-semibold font-monospace">{label}</span>
        {entry.atm && <span className="badge text-bg-primary">ATM</span>}
      </div>
      <Table size="sm" className="mb-0 small text-nowrap occ-info-table" aria-label={`Strike ${label} figures`}>
        <thead>
          <tr>
            <th scope="col" className="text-end">
              Call
            </th>
            <th scope="col" className="text-center text-body-secondary fw-normal">
              {' '}
            </th>
            <th scope="col">Put</th>
          </tr>
        </thead>
        <tbody className="font-monospace">
          {rows.map((row) => (
            <tr key={row.label}>
              <td className={`text-end ${row.ceClass ?? ''}`}>{row.ce}</td>
              <th scope="row" className="text-center text-body-secondary fw-normal font-sans-serif">
                {row.label}
              </th>
              <td className={row.peClass ?? ''}>{row.pe}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={1} className="text-end text-body-secondary fw-normal">
              PCR
            </th>
            <td colSpan={2} className={pcr === null ? '' : pcr >= 1 ? 'text-success' : 'text-danger'}>
              {pcr === null ? '–' : formatIndianNumber(pcr)}
            </td>
          </tr>
        </tbody>
      </Table>
    </div>
  );
}
