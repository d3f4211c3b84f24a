import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EChart } from './echart';

// The ECharts runtime draws on a canvas that happy-dom does not lay out: here it records what the component asks.
const runtime = vi.hoisted(() => {
  const made: { group?: string; disposed: boolean }[] = [];
  return {
    made,
    connect: vi.fn<(group: string) => void>(),
    init: vi.fn(() => {
      const instance = {
        group: undefined as string | undefined,
        disposed: false,
        on: () => undefined,
        setOption: () => undefined,
        resize: () => undefined,
        dispose() {
          instance.disposed = true;
        },
      };
      made.push(instance);
      return instance;
    }),
  };
});
vi.mock('./echarts-runtime', () => ({ init: runtime.init, connect: runtime.connect }));
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe(): void {}
    disconnect(): void {}
  },
);

describe('EChart', () => {
  it('puts a chart naming a group in that group and connects the group, so its axis pointer moves with the others', async () => {
    render(<EChart option={{ series: [] }} theme="light" ariaLabel="Price" group="options-analysis" />);
    await waitFor(() => expect(runtime.made).toHaveLength(1));
    expect(runtime.made[0]?.group).toBe('options-analysis');
    expect(runtime.connect).toHaveBeenCalledWith('options-analysis');
  });
});
