import { cn } from './cn';
import { LineIcon } from './line-icon';
import './close-button.css';

/**
 * The × button that closes a dialog, a notification or a banner. Each place keeps its own
 * class for position and colours; `label` says what it closes, for screen readers.
 */
export function CloseButton({
  label,
  onClick,
  className,
  iconSize = 14,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  iconSize?: number;
}) {
  return (
    <button
      type="button"
      className={cn('close-button', className)}
      aria-label={label}
      onClick={onClick}
    >
      <LineIcon viewBox="0 0 16 16" size={iconSize} join={false} d="M3 3l10 10M13 3L3 13" />
    </button>
  );
}
