import { Ball, BALL_COLORS, type BallColor } from '@/components/ui/ball';
import { OptionPicker } from '@/components/ui/option-picker';
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
    <OptionPicker
      className="color-picker"
      name="ad-color"
      legend="Ball colour"
      options={BALL_COLORS}
      value={value}
      onChange={onChange}
      error={error}
      render={(color) => (
        <>
          <Ball color={color} size={34} />
          <span>{label(color)}</span>
        </>
      )}
    />
  );
}
