import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from './cn';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

function buttonClass({ variant = 'primary', size = 'md', block }: StyleProps, extra?: string) {
  return cn('btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', extra);
}

export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & StyleProps) {
  return (
    <button type={type} className={buttonClass({ variant, size, block }, className)} {...props} />
  );
}

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, block, className, ...props }: LinkProps & StyleProps) {
  return <Link className={buttonClass({ variant, size, block }, className)} {...props} />;
}

/** A form's submit button: disabled, and saying what is under way, while the form is sent. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'> &
  StyleProps & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
