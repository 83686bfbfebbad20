import type { ReactNode } from 'react';
import { cn } from './cn';
import './alert.css';

/** A boxed message; 'error' is the red box (e.g. a failed admin sign-in). */
export function Alert({
  variant = 'error',
  children,
  className,
}: {
  variant?: 'error' | 'info';
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn('alert', `alert--${variant}`, className)}
    >
      {children}
    </div>
  );
}
