import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * An element's width in CSS pixels, measured before the browser paints and again whenever it
 * changes; `fallback` until then, and where nothing is laid out (tests).
 */
export function useWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth || fallback);
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, fallback]);

  return width;
}
