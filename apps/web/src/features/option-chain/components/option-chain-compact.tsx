import { memo, useState } from 'react';
import { TradeButton } from '../../../components/trade-button';
import { formatCell, type ChainColumn } from '../utils/chain-columns';
import type { ChainTableRow } from '../utils/chain-table-rows';

/** Props of {@link OptionChainCompact}. */
export interface OptionChainCompactProps {
  /** The columns the wide table would show: the details of a tapped strike list the same fields, in the same format. */
  columns: readonly ChainColumn[];
  rows: readonly ChainTableRow[];
  caption: string;
  /** Shown when no row is left (no strikes, or none matching the filters). */
  empty: string;
}

// The fields a compact row already shows; its details list the rest.
const IN_THE_ROW = new Set(['ltp']);

// How an LTP is written (the table's LTP columns' format).
const LTP_FORMAT: ChainColumn = {
  id: 'ce.ltp',
  side: 'ce',
  header: 'LTP',
  label: 'LTP',
  format: 'price',
  decimals: 2,
  group: 'core',
  signed: false,
  value: (row) => row.ce.ltp,
};

function fieldOf(column: ChainColumn): string {
  return column.id.slice(column.id.indexOf('.') + 1);
}

function sideOf(column: ChainColumn): 'ce' | 'pe' | null {
  return column.side;
}

function toneOf(column: ChainColumn | undefined, value: number | null): string {
  if (column === undefined || !column.signed || value === null || value === 0) return '';
  return value > 0 ? 'text-success' : 'text-danger';
}

/** One side's LTP with its OI bar behind it, growing from the strike outwards. */
function SidePrice({ row, side, maxOi }: { row: ChainTableRow; side: 'ce' | 'pe'; maxOi: number }) {
  const data = row[side];
  const width = Math.min(100, (Math.max(0, data.oi ?? 0) / maxOi) * 100);
  return (
    <span className={`option-chain-compact-side option-chain-compact-${side}${data.itm ? ' option-chain-itm' : ''}`}>
      <span
        className={`option-chain-oi-bar option-chain-oi-bar-${side}`}
        style={{ width: `${width}%` }}
        aria-hidden="true"
      />
      <span className="position-relative">{formatCell(LTP_FORMAT, data.ltp)}</span>
    </span>
  );
}

// Strikes are written as the table writes them: whole rupees without paise.
function strikeText(strike: number): string {
  return formatCell({ ...LTP_FORMAT, id: 'strike', side: null }, strike);
}

/** The fields of a tapped strike, calls and puts side by side, with trade buttons when the user can trade. */
function StrikeDetails({ row, columns }: { row: ChainTableRow; columns: readonly ChainColumn[] }) {
  const fields: { field: string; header: string; ce?: ChainColumn; pe?: ChainColumn }[] = [];
  for (const column of columns) {
    const side = sideOf(column);
    if (side === null || IN_THE_ROW.has(fieldOf(column))) continue;
    const field = fieldOf(column);
    let entry = fields.find((f) => f.field === field);
    if (entry === undefined) {
      entry = { field, header: column.header };
      fields.push(entry);
    }
    entry[side] = column;
  }
  const pcr = columns.find((column) => column.id === 'pcr');
  return (
    <div className="option-chain-compact-details px-2 pb-2">
      <table className="table table-sm mb-2 small">
        <thead>
          <tr>
            <th scope="col" className="text-end">
              Calls
            </th>
            <th scope="col" className="text-center text-body-secondary">
              {strikeText(row.strike)}
            </th>
            <th scope="col">Puts</th>
          </tr>
        </thead>
        <tbody>
          {fields.map(({ field, header, ce, pe }) => {
            const ceValue = ce?.value(row) ?? null;
            const peValue = pe?.value(row) ?? null;
            return (
              <tr key={field}>
                <td className={`text-end ${toneOf(ce, ceValue)}`}>{ce ? formatCell(ce, ceValue) : ''}</td>
                <th scope="row" className="text-center fw-normal text-body-secondary">
                  {header}
                </th>
                <td className={toneOf(pe, peValue)}>{pe ? formatCell(pe, peValue) : ''}</td>
              </tr>
            );
          })}
          {pcr !== undefined && (
            <tr>
              <td />
              <th scope="row" className="text-center fw-normal text-body-secondary">
                PCR
              </th>
              <td>{formatCell(pcr, pcr.value(row))}</td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        {(['ce', 'pe'] as const).map((side) =>
          (['BUY', 'SELL'] as const).map((action) => (
            <TradeButton
              key={`${side}-${action}`}
              instrumentToken={row[side].token}
              side={action}
              size="sm"
              label={`${action} ${row.strike} ${side.toUpperCase()}`}
              fallback={null}
            >
              {action} {side.toUpperCase()}
            </TradeButton>
          )),
        )}
      </div>
    </div>
  );
}

/**
 * The chain at a phone's width: one line per strike — call LTP, strike, put LTP — with the OI bars behind the prices
 * (calls' growing leftwards from the strike, puts' rightwards) and the ATM strike marked; tapping a strike opens its
 * other figures and the trade buttons. The wide table's filters and column choice still apply (the screen filters
 * the rows; the details show the chosen columns).
 */
export const OptionChainCompact = memo(function OptionChainCompact({
  columns,
  rows,
  caption,
  empty,
}: OptionChainCompactProps) {
  const [open, setOpen] = useState<number | null>(null);
  const maxOi = Math.max(1, ...rows.flatMap((row) => [row.ce.oi ?? 0, row.pe.oi ?? 0]));
  return (
    <section aria-label={caption} className="option-chain-compact" data-testid="option-chain-compact">
      <div className="option-chain-compact-head small text-body-secondary" aria-hidden="true">
        <span>Call LTP · OI</span>
        <span>Strike</span>
        <span>Put LTP · OI</span>
      </div>
      {rows.length === 0 && <p className="text-body-secondary small p-2 mb-0">{empty}</p>}
      <ul className="list-unstyled mb-0">
        {rows.map((row) => {
          const expanded = open === row.strike;
          return (
            <li
              key={row.strike}
              data-strike={row.strike}
              aria-current={row.atm ? 'true' : undefined}
              className={row.atm ? 'option-chain-compact-atm' : undefined}
            >
              <button
                type="button"
                className="option-chain-compact-row"
                aria-expanded={expanded}
                onClick={() => setOpen(expanded ? null : row.strike)}
              >
                <SidePrice row={row} side="ce" maxOi={maxOi} />
                <span className="option-chain-compact-strike fw-semibold">
                  {strikeText(row.strike)}
                  {row.atm && <span className="badge text-bg-primary ms-1">ATM</span>}
                </span>
                <SidePrice row={row} side="pe" maxOi={maxOi} />
              </button>
              {expanded && <StrikeDetails row={row} columns={columns} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
});
