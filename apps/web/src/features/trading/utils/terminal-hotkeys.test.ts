import { describe, expect, it } from 'vitest';
import { HOTKEY_COOLDOWN_MS, hotkeyAction, hotkeyLots } from './terminal-hotkeys';

const page = { tagName: 'BODY', isContentEditable: false };
const idle = { armed: true, now: 10_000, lastTradeAt: null };

describe('terminal keys', () => {
  it('maps ↑ buy CE, ↓ sell CE, → buy PE, ← sell PE while armed', () => {
    expect(hotkeyAction('ArrowUp', page, idle)).toEqual({ kind: 'trade', type: 'CE', side: 'BUY' });
    expect(hotkeyAction('ArrowDown', page, idle)).toEqual({ kind: 'trade', type: 'CE', side: 'SELL' });
    expect(hotkeyAction('ArrowRight', page, idle)).toEqual({ kind: 'trade', type: 'PE', side: 'BUY' });
    expect(hotkeyAction('ArrowLeft', page, idle)).toEqual({ kind: 'trade', type: 'PE', side: 'SELL' });
  });

  it('places nothing from an arrow while disarmed, but F6 and F7 work armed or not', () => {
    const disarmed = { ...idle, armed: false };
    expect(hotkeyAction('ArrowUp', page, disarmed)).toBeNull();
    expect(hotkeyAction('F6', page, disarmed)).toEqual({ kind: 'exit-all' });
    expect(hotkeyAction('F7', page, disarmed)).toEqual({ kind: 'cancel-all' });
  });

  it('ignores every key while typing in an input, a select or a text area', () => {
    for (const tagName of ['INPUT', 'SELECT', 'TEXTAREA']) {
      expect(hotkeyAction('F6', { tagName, isContentEditable: false }, idle)).toBeNull();
      expect(hotkeyAction('ArrowUp', { tagName, isContentEditable: false }, idle)).toBeNull();
    }
  });

  it('repeats a trade only after the cooldown', () => {
    const recent = { ...idle, lastTradeAt: idle.now - HOTKEY_COOLDOWN_MS + 1 };
    expect(hotkeyAction('ArrowUp', page, recent)).toBeNull();
    expect(hotkeyAction('ArrowUp', page, { ...idle, lastTradeAt: idle.now - HOTKEY_COOLDOWN_MS })).not.toBeNull();
  });

  it('caps the lots of one key press', () => {
    expect(hotkeyLots(3)).toBe(3);
    expect(hotkeyLots(50)).toBe(20);
  });
});
