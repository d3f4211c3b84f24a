import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

// What the tuning asks of V8 by the cores the process may run on (its affinity, as `availableParallelism` reads it).
const machine = vi.hoisted(() => ({ cores: 1, flags: [] as string[] }));
vi.mock('node:os', () => ({ availableParallelism: () => machine.cores }));
vi.mock('node:v8', () => ({ setFlagsFromString: (flags: string) => machine.flags.push(flags) }));

async function flagsOn(cores: number): Promise<string[]> {
  machine.cores = cores;
  machine.flags = [];
  const { tuneV8ForServing } = await import('./v8-tuning');
  tuneV8ForServing();
  return machine.flags;
}

describe('V8 tuned for the cores at hand', () => {
  it('collects on the request thread alone when the process may use one core', async () => {
    expect(await flagsOn(1)).toEqual([
      '--no-allocation-site-pretenuring',
      '--no-parallel-scavenge',
      '--no-concurrent-marking',
    ]);
  });

  it('is started by `npm start` with the flags V8 reads only at start-up', async () => {
    const { SERVER_NODE_FLAGS } = await import('./v8-tuning');
    const manifest = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const start = manifest.scripts.start!.split(/\s+/);
    for (const flag of SERVER_NODE_FLAGS) expect(start).toContain(flag);
  });

  it('keeps parallel scavenging and concurrent marking where helpers have cores of their own', async () => {
    expect(await flagsOn(2)).toEqual(['--no-allocation-site-pretenuring']);
    expect(await flagsOn(8)).toEqual(['--no-allocation-site-pretenuring']);
  });
});
