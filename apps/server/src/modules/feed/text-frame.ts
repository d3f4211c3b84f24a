/** Bytes of a WebSocket frame header before the payload: 2, plus 2 or 8 for the extended length. */
function headerLength(payloadLength: number): number {
  return payloadLength < 126 ? 2 : payloadLength < 65_536 ? 4 : 10;
}

/**
 * A server→client WebSocket text frame (RFC 6455 §5.2: FIN, opcode 1, unmasked) holding `prefix + body + suffix`
 * as UTF-8, built in one buffer so that sending it is one plain write. The three parts are written in place, so a
 * long body is never concatenated into a new string first.
 */
export function textFrame(prefix: string, body: string, suffix: string): Buffer {
  const length = Buffer.byteLength(prefix) + Buffer.byteLength(body) + Buffer.byteLength(suffix);
  const header = headerLength(length);
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81;
  if (header === 2) {
    frame[1] = length;
  } else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  let at = header;
  at += frame.write(prefix, at, 'utf8');
  at += frame.write(body, at, 'utf8');
  frame.write(suffix, at, 'utf8');
  return frame;
}
