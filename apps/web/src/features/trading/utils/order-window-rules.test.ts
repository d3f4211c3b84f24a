import { describe, expect, it } from 'vitest';
import {
  lotRuleMessage,
  sliceLotRuleMessage,
  stopLossRuleMessage,
  tagRuleMessage,
  targetRuleMessage,
} from './order-window-rules';

describe('spec §5 rules of the order window', () => {
  it('rejects a target at or below the price for BUY', () => {
    expect(targetRuleMessage('BUY', 120, 110)).toBe('Target price should be greater than 120.00 price.');
    expect(targetRuleMessage('BUY', 120, 120)).toBe('Target price should be greater than 120.00 price.');
    expect(targetRuleMessage('BUY', 120, 121)).toBeNull();
  });

  it('rejects a target at or above the price for SELL', () => {
    expect(targetRuleMessage('SELL', 120, 130)).toBe('Target price should be less than 120.00 price.');
    expect(targetRuleMessage('SELL', 120, 100)).toBeNull();
  });

  it('rejects a stop loss at or above the price for BUY', () => {
    expect(stopLossRuleMessage('BUY', 99.5, 100)).toBe('StopLoss price should be less than 99.50 price.');
    expect(stopLossRuleMessage('BUY', 99.5, 90)).toBeNull();
  });

  it('rejects a stop loss at or below the price for SELL', () => {
    expect(stopLossRuleMessage('SELL', 99.5, 90)).toBe('StopLoss price should be greater than 99.50 price.');
    expect(stopLossRuleMessage('SELL', 99.5, 105)).toBeNull();
  });

  it('has nothing to say about an exit that is not set', () => {
    expect(targetRuleMessage('BUY', 100, null)).toBeNull();
    expect(stopLossRuleMessage('SELL', 100, null)).toBeNull();
  });

  it('accepts a lot of digits only, at least 1, without a decimal point', () => {
    expect(lotRuleMessage('3')).toBeNull();
    expect(lotRuleMessage('0')).not.toBeNull();
    expect(lotRuleMessage('1.5')).not.toBeNull();
    expect(lotRuleMessage('-2')).not.toBeNull();
    expect(lotRuleMessage('')).not.toBeNull();
  });

  it('caps the slice lot at the volume freeze over the lot size', () => {
    expect(sliceLotRuleMessage('27', 27)).toBeNull();
    expect(sliceLotRuleMessage('28', 27)).toBe('Slice lot can be at most 27.');
    expect(sliceLotRuleMessage('2.0', 27)).not.toBeNull();
  });

  it('limits the tag to 20 characters', () => {
    expect(tagRuleMessage('a'.repeat(20))).toBeNull();
    expect(tagRuleMessage('a'.repeat(21))).toBe('Tag can be at most 20 characters.');
  });
});
