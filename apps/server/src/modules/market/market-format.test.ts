import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { JsonText } from './market-format';

describe('JSON already serialized', () => {
  const json = new JsonText('[{"token":1,"candles":[', Buffer.from('{"t":1,"o":2.5}', 'utf8'), ']},{"name":"₹ 1"}]');

  it('streams its pieces inside the envelope, byte for byte what the joined form holds, with its length', async () => {
    const { body, length } = json.stream('{"code":200,"data":', ',"meta":{}}');
    const joined = json.wrap('{"code":200,"data":', ',"meta":{}}');
    expect(await text(body)).toBe(joined.toString('utf8'));
    // Bytes, not characters: the rupee sign takes three.
    expect(length).toBe(joined.length);
    expect(JSON.parse(joined.toString('utf8'))).toEqual({
      code: 200,
      data: [{ token: 1, candles: [{ t: 1, o: 2.5 }] }, { name: '₹ 1' }],
      meta: {},
    });
  });
});
