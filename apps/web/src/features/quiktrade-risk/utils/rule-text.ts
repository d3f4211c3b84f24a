import type { RuleAction, RuleCondition, RuleStrike } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';

/** A strike as the trader reads it: `23,050` or `ATM`, `ATM+2`, `ATM-1`. */
export function strikeText(strike: RuleStrike | undefined): string {
  if (strike === undefined) return '';
  if (strike.kind === 'absolute') return formatIndianNumber(strike.strike, 0);
  if (strike.offset === 0) return 'ATM';
  return `ATM${strike.offset > 0 ? '+' : ''}${strike.offset}`;
}

/** A condition in one line: `COMBINED LTP 23,050 GE 200.00 for 3 ticks`, `TIME EQ 10:15`. */
export function conditionText(condition: RuleCondition): string {
  const ticks = condition.waitTicks > 1 ? ` for ${condition.waitTicks} ticks` : '';
  if (condition.source === 'TIME') return `TIME ${condition.comparator} ${condition.time ?? ''}${ticks}`;
  const strike = condition.strike ? ` ${strikeText(condition.strike)}` : '';
  return `${condition.source} LTP${strike} ${condition.comparator} ${formatIndianNumber(condition.value ?? 0)}${ticks}`;
}

/** An order row in one line: `BUY 2 lots PE ATM-1`, `SELL 1 lot FUT`. */
export function actionText(action: RuleAction): string {
  const lots = `${action.lots} lot${action.lots === 1 ? '' : 's'}`;
  const strike = action.type === 'FUT' ? '' : ` ${strikeText(action.strike)}`;
  return `${action.side} ${lots} ${action.type}${strike}`;
}

/**
 * Reads a strike typed in the form: `ATM`, `ATM+2`, `ATM-1` (any case, spaces allowed) or a strike price; null when
 * it is neither.
 */
export function parseStrike(text: string): RuleStrike | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const atm = /^ATM([+-]\d{1,2})?$/.exec(compact);
  if (atm) return { kind: 'atm', offset: atm[1] === undefined ? 0 : Number(atm[1]) };
  const strike = Number(compact.replace(/,/g, ''));
  return compact !== '' && Number.isFinite(strike) && strike > 0 ? { kind: 'absolute', strike } : null;
}
