import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { JsonText } from './market-format';

describe('JSON already serialized', () => {
  const envelope = (json: JsonText) => json.body('{"code":200,"data":', ',"meta":{}}');

  it('answers a short JSON as one string inside the envelope', () => {
    const json = new JsonText('[{"token":1,"candles":[', '{"t":1,"o":2.5}', ']},{"name":"₹ 1"}]');
    const body = envelope(json);
    expect(typeof body).toBe('string');
    expect(JSON.parse(body as string)).toEqual({
      code: 200,
      data: [{ token: 1, candles: [{ t: 1, o: 2.5 }] }, { name: '₹ 1' }],
      meta: {},
    });
  });

  it('streams a long one piece by piece, with its length in bytes', async () => {
    const candle =
      '{"t":1763610300000,"o":24512.05,"h":24512.05,"l":24512.05,"c":24512.05,"v":75,"atp":24512.05,"oi":0}';
    const candles = Array.from({ length: 1_000 }, () => candle).join(',');
    const json = new JsonText('[{"token":1,"candles":[', candles, ']},{"name":"₹ 1"}]');
    const body = envelope(json);
    if (typeof body === 'string') throw new Error('a long answer should be streamed');
    const sent = await text(body.stream);
    expect(sent).toBe(json.wrap('{"code":200,"data":', ',"meta":{}}'));
    // Bytes, not characters: the rupee sign takes three.
    expect(body.length).toBe(Buffer.byteLength(sent, 'utf8'));
    expect(body.length).toBe(sent.length + 2);
    expect((JSON.parse(sent) as { data: { candles?: unknown[] }[] }).data[0]!.candles).toHaveLength(1_000);
  });
});
