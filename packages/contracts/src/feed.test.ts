import { describe, expect, it } from 'vitest';
import { FEED_MAX_TOKENS_PER_OP, FeedClientMessageSchema, FeedServerMessageSchema } from './feed';

describe('feed client frames', () => {
  it('default a subscription to ltp mode', () => {
    expect(FeedClientMessageSchema.parse({ op: 'sub', tokens: [256265] })).toEqual({
      op: 'sub',
      tokens: [256265],
      mode: 'ltp',
    });
  });

  it(`reject more than ${FEED_MAX_TOKENS_PER_OP} tokens in one op`, () => {
    const tokens = Array.from({ length: FEED_MAX_TOKENS_PER_OP + 1 }, (_, i) => i);
    expect(FeedClientMessageSchema.safeParse({ op: 'sub', tokens }).success).toBe(false);
  });

  it.each([
    { op: 'sub', tokens: [1.5] },
    { op: 'sub', tokens: [-1] },
    { op: 'sub', tokens: [1], mode: 'depth' },
    { op: 'auth', userid: '', secret: 's' },
    { op: 'hello' },
  ])('reject %j', (frame) => {
    expect(FeedClientMessageSchema.safeParse(frame).success).toBe(false);
  });
});

describe('feed server frames', () => {
  it('read a tick batch and a tier change', () => {
    expect(FeedServerMessageSchema.parse({ t: 'ticks', d: [{ token: 1, ts: 1_795_200_000_000, lp: 101.25 }] }).t).toBe(
      'ticks',
    );
    expect(FeedServerMessageSchema.parse({ t: 'tier', tier: 'live', delayMs: 0 })).toEqual({
      t: 'tier',
      tier: 'live',
      delayMs: 0,
    });
  });
});
