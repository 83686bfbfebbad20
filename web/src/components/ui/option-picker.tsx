import type { ReactNode } from 'react';
import { cn } from './cn';
import './option-picker.css';

/**
 * One of a few options, each a card holding a radio button (the whole card is its label):
 * `render` draws an option's card; `className` lays the cards out. The error stands under them.
 */
export function OptionPicker<T extends string | number>({
  name,
  legend,
  options,
  value,
  onChange,
  render,
  error,
  className,
}: {
  /** The radio group's name; the error's id is `${name}-error`. */
  name: string;
  legend: ReactNode;
  options: readonly T[];
  value: T | null;
  onChange: (value: T) => void;
  render: (option: T) => ReactNode;
  error?: string;
  className: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      className={cn('option-picker', className, error && 'option-picker--invalid')}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">{legend}</legend>
      <div className="option-picker__options">
        {options.map((option) => (
          <label key={option} className="option-picker__option">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {render(option)}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
