// Bars per day, drawn as SVG by React: no chart library for three small charts (see
// web/README.md 'Admin ad pages'). The picture is labelled for screen readers with its totals,
// every bar names its day and value on hover, and the exact figures are a table under it.
// It is drawn at the width it is shown (one unit a CSS pixel), so its labels keep their size
// on a phone instead of shrinking with the picture.
import { useId, useRef } from 'react';
import { formatDay } from '../lib/format';
import { useWidth } from '../lib/use-width';
import './bar-chart.css';

export interface ChartSeries {
  name: string;
  /** A CSS colour. */
  color: string;
  /** One value per day. */
  values: number[];
}

/** Until the chart is measured, and where nothing is laid out. */
const FALLBACK_WIDTH = 720;
const HEIGHT = 200;
const BOTTOM = 26;
const TOP = 10;
/** Room for a 12 px label: a character's width, a day label's share of the axis. */
const CHAR_WIDTH = 7.5;
const DAY_LABEL_SPACE = 64;

/** The axis top: the smallest 1, 2 or 5 × 10ⁿ at or above the largest value. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

export function BarChart({
  title,
  days,
  series,
  stacked = false,
  format = String,
}: {
  title: string;
  days: readonly string[];
  series: readonly ChartSeries[];
  /** Series stacked in one bar per day (parts of a whole), else side by side. */
  stacked?: boolean;
  format?: (value: number) => string;
}) {
  const titleId = useId();
  const summaryId = useId();
  const plotRef = useRef<HTMLDivElement>(null);
  const width = useWidth(plotRef, FALLBACK_WIDTH);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const dayTotals = days.map((_, i) => series.reduce((t, s) => t + (s.values[i] ?? 0), 0));
  const largest = stacked
    ? Math.max(0, ...dayTotals)
    : Math.max(0, ...series.flatMap((s) => s.values));
  const top = niceCeiling(largest);
  const ticks = [0, top / 2, top];
  const left = 10 + CHAR_WIDTH * Math.max(...ticks.map((tick) => format(tick).length));
  const plotWidth = width - left;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = (slot * 0.8) / (stacked ? 1 : Math.max(1, series.length));
  const maxDayLabels = Math.max(2, Math.floor(plotWidth / DAY_LABEL_SPACE));
  const labelEvery = Math.ceil(days.length / maxDayLabels);
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const totals = series.map((s) => `${s.name} ${format(s.values.reduce((a, b) => a + b, 0))}`);

  return (
    <figure className="bar-chart">
      <figcaption id={titleId} className="bar-chart__title">
        {title}
      </figcaption>
      <div ref={plotRef} className="bar-chart__plot">
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={summaryId}
          className="bar-chart__svg"
        >
          <desc id={summaryId}>{`${days.length} days; in all: ${totals.join(', ')}`}</desc>
          {ticks.map((tick) => (
            <g key={tick} className="bar-chart__tick">
              <line x1={left} x2={width} y1={y(tick)} y2={y(tick)} />
              <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
                {format(tick)}
              </text>
            </g>
          ))}
          {days.map((day, i) => {
            let base = 0;
            return (
              <g key={day}>
                {series.map((s, j) => {
                  const value = s.values[i] ?? 0;
                  const x = left + i * slot + slot * 0.1 + (stacked ? 0 : j * barWidth);
                  const from = stacked ? base : 0;
                  base += stacked ? value : 0;
                  return (
                    <rect
                      key={s.name}
                      x={x}
                      y={y(from + value)}
                      width={Math.max(1, barWidth - 1)}
                      height={Math.max(0, y(from) - y(from + value))}
                      style={{ fill: s.color }}
                    >
                      <title>{`${formatDay(day)}: ${s.name} ${format(value)}`}</title>
                    </rect>
                  );
                })}
                {i % labelEvery === 0 && (
                  <text
                    className="bar-chart__day"
                    x={left + i * slot + slot / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                  >
                    {formatDay(day)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <ul className="bar-chart__legend">
        {series.map((s) => (
          <li key={s.name}>
            <span className="bar-chart__swatch" style={{ background: s.color }} aria-hidden />
            {s.name}
          </li>
        ))}
      </ul>
      <details className="bar-chart__figures">
        <summary>Figures per day</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                {series.map((s) => (
                  <td key={s.name}>{format(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
