import type { ReactNode } from 'react';
import { cn } from './cn';
import './badge.css';

export type BadgeTone = 'green' | 'orange' | 'purple' | 'blue' | 'neutral';

export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return <span className={cn('badge', `badge--${tone}`, className)}>{children}</span>;
}
