import { describeBusContract } from './bus.contract';
import { createRedisBus } from './redis-bus';

// Runs against the Redis named by REDIS_URL (CI sets it); skipped without one so `npm test` needs no Redis.
const url = process.env.REDIS_URL;
describeBusContract('redis', () => createRedisBus(url ?? '', () => undefined), { skip: !url });
