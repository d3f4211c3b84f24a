import { describeBusContract } from './bus.contract';
import { createMemoryHub } from './memory-bus';

const hub = createMemoryHub(() => undefined);
describeBusContract('in-process', async () => hub.connect());
