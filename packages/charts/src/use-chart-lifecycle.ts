// React owns only a chart's lifecycle: created once its element is mounted, destroyed on unmount, never re-created
// by a re-render.
import { useEffect, useRef, useState, type RefObject } from 'react';

/** Anything a chart hook creates in an element and must take down again. */
export interface DestroyableChart {
  destroy(): void;
}

/**
 * Creates a chart with `create` in the referenced element once it is mounted and destroys it on unmount. Only the
 * first render's `create` is used (later props reach the chart through its own setters). Returns the chart, null
 * until mounted and after unmount.
 */
export function useChartLifecycle<T extends DestroyableChart>(
  containerRef: RefObject<HTMLElement | null>,
  create: (container: HTMLElement) => T,
): T | null {
  const [chart, setChart] = useState<T | null>(null);
  const initialCreate = useRef(create);

  useEffect(() => {
    const container = containerRef.current;
    if (container === null) return undefined;
    const created = initialCreate.current(container);
    setChart(created);
    return () => {
      created.destroy();
      setChart(null);
    };
  }, [containerRef]);

  return chart;
}
