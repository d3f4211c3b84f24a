/** Bytes of a WebSocket frame header before the payload: 2, plus 2 or 8 for the extended length. */
function headerLength(payloadLength: number): number {
  return payloadLength < 126 ? 2 : payloadLength < 65_536 ? 4 : 10;
}

/** Writes a text frame's header (RFC 6455 §5.2: FIN, opcode 1, unmasked) at `at`; returns its length. */
function writeHeader(target: Buffer, at: number, payloadLength: number): number {
  const header = headerLength(payloadLength);
  target[at] = 0x81;
  if (header === 2) {
    target[at + 1] = payloadLength;
  } else if (header === 4) {
    target[at + 1] = 126;
    target.writeUInt16BE(payloadLength, at + 2);
  } else {
    target[at + 1] = 127;
    target.writeBigUInt64BE(BigInt(payloadLength), at + 2);
  }
  return header;
}

/**
 * A ping control frame with no payload (RFC 6455 §5.5.2: FIN, opcode 9, unmasked), to follow a frame in the same
 * write: the peer answers it with a pong once it has read everything sent before it.
 */
export const PING_FRAME: Uint8Array = Uint8Array.of(0x89, 0x00);
const NOTHING = new Uint8Array(0);

const COMMA = 0x2c;
/** Frames are cut from slabs of this size (a larger frame gets a slab of its own size). */
const SLAB_BYTES = 256 * 1024;

/**
 * Builds server→client WebSocket text frames from UTF-8 parts already encoded, each frame in one buffer so that
 * sending it is one plain write. A frame is `prefix`, the parts comma-separated, then `suffix`: each part is copied
 * once into the frame, with no joined string and no second encoding in between. Frames are cut one after another
 * from a shared slab and are never written over unless given back ({@link FrameBuilder.reclaim}): a frame still
 * queued on a slow socket keeps its bytes (and its slab) until it is sent.
 */
export class FrameBuilder {
  private slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
  private used = 0;

  /** The text frame, followed by the bytes of `after` (whole frames of their own, such as {@link PING_FRAME}). */
  frame(prefix: Uint8Array, parts: readonly Uint8Array[], suffix: Uint8Array, after: Uint8Array = NOTHING): Buffer {
    let length = prefix.length + suffix.length + Math.max(0, parts.length - 1);
    for (let i = 0; i < parts.length; i++) length += parts[i]!.length;
    const size = headerLength(length) + length + after.length;
    if (this.slab.length - this.used < size) {
      this.slab = Buffer.allocUnsafeSlow(Math.max(SLAB_BYTES, size));
      this.used = 0;
    }
    const slab = this.slab;
    const start = this.used;
    let at = start + writeHeader(slab, start, length);
    slab.set(prefix, at);
    at += prefix.length;
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) slab[at++] = COMMA;
      const part = parts[i]!;
      slab.set(part, at);
      at += part.length;
    }
    slab.set(suffix, at);
    at += suffix.length;
    slab.set(after, at);
    at += after.length;
    this.used = at;
    return slab.subarray(start, at);
  }

  /**
   * Gives back the bytes of the frame cut last, once nothing will read them again (the socket took the whole frame
   * at once): the next frame is cut from the same place, so a flush of thousands of clients writes from a few
   * kilobytes that stay in the cache rather than walking megabytes of fresh slabs.
   */
  reclaim(frame: Buffer): void {
    if (frame.buffer === this.slab.buffer && frame.byteOffset + frame.length === this.slab.byteOffset + this.used) {
      this.used = frame.byteOffset - this.slab.byteOffset;
    }
  }
}
