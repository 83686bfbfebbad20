import { cn } from './cn';
import './spinner.css';

/** A spinning ring; `label` is read out by screen readers. */
export function Spinner({
  label = 'Loading',
  size = 40,
  className,
}: {
  label?: string;
  size?: number;
  className?: string;
}) {
  return (
    <span role="status" className={cn('spinner', className)} style={{ width: size, height: size }}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A spinner centred in the space it is given (whole screen by default). */
export function CenteredSpinner({
  label,
  fullScreen = true,
}: {
  label?: string;
  fullScreen?: boolean;
}) {
  return (
    <div
      className={cn('spinner-center', fullScreen && 'spinner-center--screen')}
      data-testid="page-spinner"
    >
      <Spinner label={label} size={48} />
    </div>
  );
}
