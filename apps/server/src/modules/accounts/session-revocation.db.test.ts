import { describe } from 'vitest';
import { createMemoryHub } from '../../platform/bus';
import { sessionRevocationContract } from './session-revocation.contract';

describe('session revocation across nodes (in-process bus)', () => {
  sessionRevocationContract(async () => {
    const hub = createMemoryHub(() => undefined);
    return [hub.connect(), hub.connect()];
  });
});
