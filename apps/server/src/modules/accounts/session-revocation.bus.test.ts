import { describe } from 'vitest';
import { createRedisBus } from '../../platform/bus';
import { sessionRevocationContract } from './session-revocation.contract';

const url = process.env['REDIS_URL'];

describe.skipIf(!url)('session revocation across nodes (Redis)', () => {
  sessionRevocationContract(async () => [
    await createRedisBus(url ?? '', () => undefined),
    await createRedisBus(url ?? '', () => undefined),
  ]);
});
