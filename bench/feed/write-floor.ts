// The machine's floor for a gateway flush: one plain write of a frame-sized buffer to each of <count> loopback TCP
// connections, timed as one loop, once a second. No WebSocket, no JSON, no bus: what the system calls alone cost.
// Roles: `server <count> <bytes> <rounds>` (reports the loop times over IPC) and `client <port> <count>` (connects
// and reads). Driven over IPC by bench/feed/gateway.bench.ts (phase `floor`).
import { connect, createServer, type Socket } from 'node:net';

const [role, ...rest] = process.argv.slice(2);
const send = (message: unknown) => process.send?.(message);
const CONNECT_CONCURRENCY = 100;

if (role === 'server') {
  const [count, bytes, rounds] = rest.map(Number) as [number, number, number];
  const sockets: Socket[] = [];
  const payload = Buffer.alloc(bytes, 0x61);
  const flushes: number[] = [];
  const run = () => {
    const timer = setInterval(() => {
      const started = performance.now();
      for (const socket of sockets) socket.write(payload);
      flushes.push(performance.now() - started);
      if (flushes.length === rounds) {
        clearInterval(timer);
        send({ flushes });
      }
    }, 1_000);
  };
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    socket.on('error', () => undefined);
    sockets.push(socket);
    if (sockets.length === count) run();
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    send({ port: typeof address === 'object' && address ? address.port : 0 });
  });
} else if (role === 'client') {
  const [port, count] = rest.map(Number) as [number, number];
  const connectOne = () =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', resolve);
      socket.once('error', reject);
      socket.on('data', () => undefined);
    });
  // A hundred at a time, as the gateway's benchmark clients connect: thousands at once overflow the listen queue.
  for (let i = 0; i < count; i += CONNECT_CONCURRENCY) {
    await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, count - i) }, connectOne));
  }
  send({ kind: 'ready' });
}
process.on('disconnect', () => process.exit(0));
