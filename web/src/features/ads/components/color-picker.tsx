import { Ball, BALL_COLORS, type BallColor } from '@/components/ui/ball';
import { cn } from '@/components/ui/cn';
import './color-picker.css';

const label = (color: BallColor) => `${color[0].toUpperCase()}${color.slice(1)}`;

/** One of the six ball colours, each shown as its ball. */
export function ColorPicker({
  value,
  onChange,
  error,
}: {
  value: BallColor | null;
  onChange: (color: BallColor) => void;
  error?: string;
}) {
  return (
    <fieldset
      className={cn('color-picker', error && 'color-picker--invalid')}
      aria-describedby={error ? 'ad-color-error' : undefined}
    >
      <legend className="field__label">Ball colour</legend>
      <div className="color-picker__options">
        {BALL_COLORS.map((color) => (
          <label key={color} className="color-picker__option">
            <input
              type="radio"
              name="ad-color"
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
            />
            <Ball color={color} size={34} />
            <span>{label(color)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id="ad-color-error" className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
