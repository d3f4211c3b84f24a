// The terminal's keyboard (trading.md §5.2, after OpenAlgo's scalping terminal): arrows trade the ATM strike only
// while armed, F6 and F7 always work; nothing fires while the user types in a field.

/** What a key does. */
export type HotkeyAction =
  | { kind: 'trade'; type: 'CE' | 'PE'; side: 'BUY' | 'SELL' }
  | { kind: 'exit-all' }
  | { kind: 'cancel-all' }
  | { kind: 'help' };

/** The key map, as the help overlay lists it. */
export const HOTKEYS: readonly { key: string; label: string; action: HotkeyAction }[] = [
  { key: 'ArrowUp', label: '↑', action: { kind: 'trade', type: 'CE', side: 'BUY' } },
  { key: 'ArrowDown', label: '↓', action: { kind: 'trade', type: 'CE', side: 'SELL' } },
  { key: 'ArrowRight', label: '→', action: { kind: 'trade', type: 'PE', side: 'BUY' } },
  { key: 'ArrowLeft', label: '←', action: { kind: 'trade', type: 'PE', side: 'SELL' } },
  { key: 'F6', label: 'F6', action: { kind: 'exit-all' } },
  { key: 'F7', label: 'F7', action: { kind: 'cancel-all' } },
  { key: '?', label: '?', action: { kind: 'help' } },
];

/** A held key repeats; an arrow places again only after this long. */
export const HOTKEY_COOLDOWN_MS = 750;

/** The most lots one key press may place (OpenAlgo caps a click at 20). */
export const HOTKEY_MAX_LOTS = 20;

/** Fields in which keys belong to the field. */
const TYPING_TAGS = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

/** The key press's target, as much as the decision needs. */
export interface KeyTarget {
  tagName: string;
  isContentEditable: boolean;
}

/** The key's action now, or null: not a terminal key, typing in a field, an arrow while disarmed or cooling down. */
export function hotkeyAction(
  key: string,
  target: KeyTarget | null,
  state: { armed: boolean; now: number; lastTradeAt: number | null },
): HotkeyAction | null {
  if (target !== null && (TYPING_TAGS.has(target.tagName) || target.isContentEditable)) return null;
  const entry = HOTKEYS.find((candidate) => candidate.key === key);
  if (entry === undefined) return null;
  if (entry.action.kind !== 'trade') return entry.action;
  if (!state.armed) return null;
  if (state.lastTradeAt !== null && state.now - state.lastTradeAt < HOTKEY_COOLDOWN_MS) return null;
  return entry.action;
}

/** Lots of one key press: the default lots per click, capped. */
export function hotkeyLots(lotsPerClick: number): number {
  return Math.max(1, Math.min(lotsPerClick, HOTKEY_MAX_LOTS));
}

/** Where the ARM switch is kept (off by default). */
export const ARM_STORAGE_KEY = 'fnodesk.quiktrade.armed';
