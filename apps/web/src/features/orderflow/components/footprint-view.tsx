import type { FootprintData } from '@fnodesk/contracts';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { candleIndexAt, footprintGeometry } from '../utils/footprint-geometry';
import { paintFootprint } from './footprint-painter';

/** Props of {@link FootprintView}. */
export interface FootprintViewProps {
  footprint: FootprintData;
  theme: 'light' | 'dark';
  /** Index of the candle whose rows are listed below the chart. */
  selected: number | null;
  onSelect: (index: number) => void;
  ariaLabel: string;
}

/**
 * The footprint on a canvas the width of its box: the candles scroll sideways under a fixed profile and price axis
 * (only the columns in view are painted), the whole range of rows scrolls vertically in the box. It opens at the
 * latest candle and follows new ones while it is scrolled to the end.
 */
export function FootprintView({ footprint, theme, selected, onSelect, ariaLabel }: FootprintViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const geometry = useMemo(() => footprintGeometry(footprint), [footprint]);
  const [view, setView] = useState({ left: 0, width: 0 });
  const atEnd = useRef(true);

  useEffect(() => {
    const box = scroller.current;
    if (box === null) return;
    const measure = () => setView({ left: box.scrollLeft, width: box.clientWidth });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    let frame = 0;
    const onScroll = () => {
      atEnd.current = box.scrollLeft + box.clientWidth >= box.scrollWidth - 4;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  // Open at the latest candle, and keep following while the view is at the end.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box === null || geometry === null || !atEnd.current) return;
    box.scrollLeft = box.scrollWidth;
  }, [geometry]);

  useLayoutEffect(() => {
    const element = canvas.current;
    if (element === null || geometry === null || view.width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(view.width * ratio);
    element.height = Math.round(geometry.height * ratio);
    element.style.width = `${view.width}px`;
    element.style.height = `${geometry.height}px`;
    const ctx = element.getContext('2d');
    if (ctx === null) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    paintFootprint(ctx, footprint, geometry, { left: view.left, width: view.width, theme, selected });
  }, [footprint, geometry, view, theme, selected]);

  if (geometry === null) return null;
  return (
    <div ref={scroller} className="footprint-scroll border rounded" data-testid="footprint-chart">
      <div style={{ width: geometry.width, height: geometry.height }}>
        <canvas
          ref={canvas}
          className="footprint-canvas"
          role="img"
          aria-label={ariaLabel}
          onClick={(event) => {
            const box = scroller.current;
            if (box === null) return;
            const bounds = event.currentTarget.getBoundingClientRect();
            const index = candleIndexAt(
              geometry,
              event.clientX - bounds.left + box.scrollLeft,
              footprint.candles.length,
            );
            if (index !== null) onSelect(index);
          }}
        />
      </div>
    </div>
  );
}
