// The gateway benchmark's client process: <count> feed connections to 127.0.0.1:<port>, each authenticated and
// subscribed to <tokens> random instruments (seeded), counting every tick by batch and its publish→receive time.
// Arguments: <port> <count> <tokens> <instruments> <seed> <mode> [<stalled>]. Driven over IPC by
// bench/feed/gateway.bench.ts. The first <stalled> connections (default none) are extra: each holds every instrument
// in full mode, is left out of the counts, and stops reading when the measurement starts, as a client whose
// network or tab has frozen.
//
// The clients speak RFC 6455 themselves over plain TCP sockets (handshake, masked frames out, unmasked frames in)
// rather than through the `ws` client. Thousands of clients share one core here, where each real one has a
// browser's: through `ws` (its receiver stream, a message event and a string per frame) a client spent about 20 µs
// of CPU on each frame, more than the gateway spends sending it, so the clients' core, not the gateway, set the
// tail of the latency. Here every socket reads into one shared buffer and a frame is read where it lies in it.
import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { benchInstruments, SLICES, sliceOf, type ClientReport } from './gateway-bench-protocol';

const [port, count, tokensEach, instrumentCount, seed] = process.argv.slice(2, 7).map(Number) as [
  number,
  number,
  number,
  number,
  number,
];
const mode = process.argv[7] ?? 'ltp';
const stalledCount = Number(process.argv[8] ?? 0);
const CONNECT_CONCURRENCY = 100;
const send = (message: unknown) => process.send?.(message);

/** Mulberry32: the same seed gives every run the same subscriptions. */
function random(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const instruments = benchInstruments(instrumentCount);
const next = random(seed);
const countsByTs = new Map<number, number>();
const perSlice: number[] = Array.from({ length: SLICES }, () => 0);
const latency = new Map<number, number>();
let recording = false;
let cpuAtRecord: NodeJS.CpuUsage | null = null;
let recordStartedAt = 0;

/** Adds `n` ticks of batch `ts`, received at `now`. */
function tally(ts: number, n: number, now: number) {
  countsByTs.set(ts, (countsByTs.get(ts) ?? 0) + n);
  if (recording) {
    const ms = Math.max(0, now - ts);
    latency.set(ms, (latency.get(ms) ?? 0) + n);
  }
}

const QUOTE = 0x22;
const LETTER_T = 0x74;
const LETTER_S = 0x73;
const COLON = 0x3a;
/**
 * Bytes from the end of one tick's `ts` digits to the `t` of the next tick's `"ts":`, at the least: `,"lp":0},`
 * then `{"token":0,"` (a tick's fields come in the order of its contract, `lp` right after `ts`).
 */
const MIN_TS_GAP = 21;

/**
 * Counts the ticks of a ticks frame (payload `bytes[start, end)`) by their `ts`. The frame is scanned for `"ts":`
 * rather than parsed, and a run of ticks with the same `ts` (a frame usually holds one batch) is counted at once.
 * Every tick object carries exactly one `ts`, and no other field of a tick is named so.
 */
function onTicks(bytes: Buffer, start: number, end: number) {
  const now = Date.now();
  let runTs = -1;
  let run = 0;
  for (let i = start + 1; i + 3 < end; i++) {
    if (bytes[i] !== LETTER_T || bytes[i + 1] !== LETTER_S || bytes[i - 1] !== QUOTE) continue;
    if (bytes[i + 2] !== QUOTE || bytes[i + 3] !== COLON) continue;
    let ts = 0;
    for (i += 4; i < end; i++) {
      const digit = bytes[i]! - 48;
      if (digit < 0 || digit > 9) break;
      ts = ts * 10 + digit;
    }
    i += MIN_TS_GAP - 1;
    if (ts === runTs) {
      run++;
      continue;
    }
    if (run > 0) tally(runTs, run, now);
    runTs = ts;
    run = 1;
  }
  if (run > 0) tally(runTs, run, now);
}

const TICKS_PREFIX = Buffer.from('{"t":"ticks"');
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OPCODE_TEXT = 0x1;
const OPCODE_CLOSE = 0x8;
const OPCODE_PING = 0x9;
const OPCODE_PONG = 0xa;

/** A client's frame (RFC 6455 §5.2): FIN, the opcode, masked with a random key. */
function clientFrame(opcode: number, payload: Uint8Array): Buffer {
  const extended = payload.length < 126 ? 0 : payload.length < 65_536 ? 2 : 8;
  const frame = Buffer.alloc(2 + extended + 4 + payload.length);
  frame[0] = 0x80 | opcode;
  if (extended === 0) frame[1] = 0x80 | payload.length;
  else if (extended === 2) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(payload.length, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(payload.length), 2);
  }
  const mask = randomBytes(4);
  const at = 2 + extended;
  mask.copy(frame, at);
  for (let i = 0; i < payload.length; i++) frame[at + 4 + i] = payload[i]! ^ mask[i & 3]!;
  return frame;
}

const textFrame = (text: string) => clientFrame(OPCODE_TEXT, Buffer.from(text));

/**
 * Reads the server's frames from a socket's chunks: unmasked, unfragmented (the gateway sends every message whole),
 * possibly split across chunks or several to a chunk. Calls `onText` with each text payload's place in its chunk,
 * which is only valid during the call.
 */
function frameReader(socket: Socket, onText: (bytes: Buffer, start: number, end: number) => void) {
  let pending: Buffer | null = null;
  return (chunk: Buffer) => {
    let bytes = chunk;
    if (pending) {
      bytes = Buffer.concat([pending, chunk]);
      pending = null;
    }
    let at = 0;
    while (bytes.length - at >= 2) {
      const opcode = bytes[at]! & 0x0f;
      if ((bytes[at]! & 0x80) === 0 || (bytes[at + 1]! & 0x80) !== 0) throw new Error('unexpected frame');
      let length = bytes[at + 1]! & 0x7f;
      let header = 2;
      if (length === 126) {
        if (bytes.length - at < 4) break;
        length = bytes.readUInt16BE(at + 2);
        header = 4;
      } else if (length === 127) {
        if (bytes.length - at < 10) break;
        length = Number(bytes.readBigUInt64BE(at + 2));
        header = 10;
      }
      if (bytes.length - at < header + length) break;
      const start = at + header;
      at = start + length;
      if (opcode === OPCODE_TEXT) onText(bytes, start, at);
      // The gateway pings a client now and then; one that does not answer is taken to have stopped reading.
      else if (opcode === OPCODE_PING) socket.write(clientFrame(OPCODE_PONG, bytes.subarray(start, at)));
      else if (opcode === OPCODE_CLOSE) socket.destroy();
    }
    // The chunk lies in the shared read buffer, which the next read overwrites.
    if (at < bytes.length) pending = Buffer.from(bytes.subarray(at));
  };
}

/** Where every socket of this process reads into (see `onread` of `net.connect`); a chunk is handled before the next read. */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);

/** A socket and what handles the chunks read from it (the upgrade's answer, then frames). */
interface Connection {
  socket: Socket;
  onChunk: (chunk: Buffer) => void;
}

/**
 * Opens a WebSocket to the feed: the HTTP upgrade, its answer checked; resolves with the connection and any bytes
 * after the answer. Reads go into one buffer shared by all the sockets rather than a fresh buffer per read.
 */
function open(): Promise<[Connection, Buffer]> {
  const key = randomBytes(16).toString('base64');
  const accept = createHash('sha1')
    .update(key + WS_GUID)
    .digest('base64');
  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    const connection: Connection = {
      socket: connect({
        port,
        host: '127.0.0.1',
        onread: {
          buffer: READ_BUFFER,
          // True keeps the socket reading (false would pause it).
          callback: (read) => {
            connection.onChunk(READ_BUFFER.subarray(0, read));
            return true;
          },
        },
      }),
      onChunk: (chunk) => {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end === -1) return;
        connection.onChunk = () => undefined;
        const lines = head.subarray(0, end).toString('latin1').split('\r\n');
        const accepted = lines.some((line) => line.toLowerCase() === `sec-websocket-accept: ${accept.toLowerCase()}`);
        if (!lines[0]!.startsWith('HTTP/1.1 101') || !accepted)
          return reject(new Error(`upgrade refused: ${lines[0]}`));
        resolve([connection, head.subarray(end + 4)]);
      },
    };
    const { socket } = connection;
    socket.setNoDelay(true);
    socket.once('error', reject);
    socket.once('connect', () =>
      socket.write(
        `GET /feed/v1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
  });
}

/** A counted client: `tokensEach` random instruments in the run's mode. */
function countedSubscription(): { tokens: number[]; mode: string } {
  const indexes = new Set<number>();
  while (indexes.size < tokensEach) indexes.add(Math.floor(next() * instruments.length));
  for (const i of indexes) perSlice[sliceOf(i)]!++;
  return { tokens: [...indexes].map((i) => instruments[i]!), mode };
}

async function connectOne(stalls: boolean): Promise<Socket> {
  const subscription = stalls ? { tokens: instruments, mode: 'full' } : countedSubscription();
  const [connection, rest] = await open();
  const { socket } = connection;
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    const read = frameReader(socket, (bytes, start, end) => {
      if (bytes.compare(TICKS_PREFIX, 0, TICKS_PREFIX.length, start, start + TICKS_PREFIX.length) === 0) {
        if (!stalls) onTicks(bytes, start, end);
        return;
      }
      const text = bytes.toString('utf8', start, end);
      if (text.startsWith('{"t":"tier"')) socket.write(textFrame(JSON.stringify({ op: 'sub', ...subscription })));
      else if (text.startsWith('{"t":"ack","op":"sub"')) resolve(socket);
    });
    connection.onChunk = read;
    socket.write(textFrame(JSON.stringify({ op: 'auth', userid: 'bench', secret: 'bench-secret' })));
    if (rest.length > 0) read(rest);
  });
}

const stalled = await Promise.all(Array.from({ length: stalledCount }, () => connectOne(true)));
const sockets: Socket[] = [];
for (let i = 0; i < count; i += CONNECT_CONCURRENCY) {
  const batch = Math.min(CONNECT_CONCURRENCY, count - i);
  sockets.push(...(await Promise.all(Array.from({ length: batch }, () => connectOne(false)))));
}
process.on('message', (message) => {
  if (message === 'record') {
    for (const socket of stalled) socket.pause();
    recording = true;
    cpuAtRecord = process.cpuUsage();
    recordStartedAt = performance.now();
  }
  if (message === 'report') {
    recording = false;
    const used = cpuAtRecord === null ? null : process.cpuUsage(cpuAtRecord);
    const wallMs = performance.now() - recordStartedAt;
    const cpu = used === null || wallMs <= 0 ? 0 : (used.user + used.system) / 1_000 / wallMs;
    const report: ClientReport = { countsByTs: [...countsByTs], latency: [...latency], cpu, perSlice };
    send(report);
  }
});
process.on('disconnect', () => process.exit(0));
send({ kind: 'ready', sockets: sockets.length });
