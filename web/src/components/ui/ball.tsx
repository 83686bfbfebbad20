import type { CSSProperties } from 'react';
import { cn } from './cn';
import './ball.css';

/** The six ball colours, by the names ads use for them. */
export const BALL_COLORS = ['orange', 'yellow', 'blue', 'red', 'green', 'purple'] as const;
export type BallColor = (typeof BALL_COLORS)[number];

/** A decorative glossy ball (pure CSS, hidden from screen readers). */
export function Ball({
  color,
  size = 40,
  className,
  style,
}: {
  color: BallColor;
  size?: number;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn('ball', `ball--${color}`, className)}
      style={{ width: size, height: size, ...style }}
    />
  );
}

/** The six balls side by side (decorative), in a span or div of the given class. */
export function BallRow({
  size,
  className,
  as: Tag = 'span',
}: {
  size: number;
  className: string;
  as?: 'span' | 'div';
}) {
  return (
    <Tag className={className} aria-hidden="true">
      {BALL_COLORS.map((color) => (
        <Ball key={color} color={color} size={size} />
      ))}
    </Tag>
  );
}
