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
  it('scavenges on the request thread alone when the process may use one core', async () => {
    expect(await flagsOn(1)).toEqual(['--no-allocation-site-pretenuring', '--no-parallel-scavenge']);
  });

  it('keeps parallel scavenging where helpers have cores of their own', async () => {
    expect(await flagsOn(2)).toEqual(['--no-allocation-site-pretenuring']);
    expect(await flagsOn(8)).toEqual(['--no-allocation-site-pretenuring']);
  });
});
