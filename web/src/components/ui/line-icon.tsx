import type { ReactNode } from 'react';

/**
 * A small inline line icon (inline SVG: nothing loaded from outside), drawn in the text colour and
 * hidden from screen readers: `d` is its path; `children` adds filled shapes. Ends and corners are
 * round unless `cap` or `join` is false.
 */
export function LineIcon({
  d,
  size = 16,
  viewBox = '0 0 24 24',
  strokeWidth = 2,
  cap = true,
  join = true,
  children,
}: {
  d: string;
  size?: number;
  viewBox?: string;
  strokeWidth?: number;
  cap?: boolean;
  join?: boolean;
  children?: ReactNode;
}) {
  return (
    <svg viewBox={viewBox} width={size} height={size} aria-hidden="true">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap={cap ? 'round' : undefined}
        strokeLinejoin={join ? 'round' : undefined}
      />
      {children}
    </svg>
  );
}
