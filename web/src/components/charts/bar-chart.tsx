// The admins' bar charts: bars per category (days, levels, ranges) drawn by uPlot on a canvas
// (bar-plot.ts), inside a figure that says the same in words: labelled for screen readers
// with its totals, a legend, the figures of the bar under the pointer, and every figure in a
// table under it. Drawn at the width it is shown, so its 12 px labels stay 12 px on a phone.
import { useEffect, useId, useRef, useState } from 'react';
import { formatCount, formatDay } from '@/utils/format';
import { canDrawCanvas } from './colors';
import { describeBar, drawBars, type PlotSeries, type PlotSpec } from './bar-plot';
import { useWidth } from './use-width';
import './chart.css';

export type ChartSeries = PlotSeries;

/** Until the chart is measured, and where nothing is laid out. */
const FALLBACK_WIDTH = 720;
const HEIGHT = 200;

export function BarChart({
  title,
  labels,
  series,
  stacked = false,
  format = String,
  formatLabel = (label) => label,
  labelHeader = 'Day',
}: {
  title: string;
  /** One per bar (or group of bars): a day, a level, a range. */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Series stacked in one bar (parts of a whole), else side by side. */
  stacked?: boolean;
  format?: (value: number) => string;
  /** A label as the axis shows it ('Nov 24' for '2026-11-24'). */
  formatLabel?: (label: string) => string;
  /** The figures table's first column. */
  labelHeader?: string;
}) {
  const titleId = useId();
  const summaryId = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<HTMLDivElement>(null);
  const width = useWidth(frameRef, FALLBACK_WIDTH);
  const [hovered, setHovered] = useState<number | null>(null);
  const spec: PlotSpec = { labels, series, stacked, format, formatLabel, height: HEIGHT };
  const specKey = JSON.stringify({ labels, series, stacked });
  const specRef = useRef(spec);
  specRef.current = spec;

  useEffect(() => {
    const target = plotRef.current;
    if (!target || !canDrawCanvas()) return;
    let plot: { destroy(): void } | undefined;
    let cancelled = false;
    void drawBars(target, specRef.current, width, setHovered).then((made) => {
      if (cancelled) made.destroy();
      else plot = made;
    });
    return () => {
      cancelled = true;
      plot?.destroy();
    };
  }, [specKey, width]);

  const totals = series.map((s) => `${s.name} ${format(s.values.reduce((a, b) => a + b, 0))}`);

  return (
    <figure className="chart">
      <figcaption id={titleId} className="chart__title">
        {title}
      </figcaption>
      <div
        ref={frameRef}
        className="chart__frame"
        role="img"
        aria-labelledby={titleId}
        aria-describedby={summaryId}
        style={{ minHeight: HEIGHT }}
      >
        <div ref={plotRef} />
      </div>
      <p id={summaryId} className="visually-hidden">
        {`${labels.length} bars; in all: ${totals.join(', ')}`}
      </p>
      <div className="chart__keys">
        <ul className="chart__legend">
          {series.map((s) => (
            <li key={s.name}>
              <span className="chart__swatch" style={{ background: s.color }} aria-hidden />
              {s.name}
            </li>
          ))}
        </ul>
        <p className="chart__hover" aria-hidden>
          {hovered === null ? '' : describeBar(spec, hovered)}
        </p>
      </div>
      <details className="chart__figures">
        <summary>Figures</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
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

/** A bar chart of figures per day: `days` as YYYY-MM-DD, shown as 'Nov 24'; counts by default. */
export function DayChart({
  days,
  format = formatCount,
  ...chart
}: {
  title: string;
  days: readonly string[];
  series: readonly ChartSeries[];
  stacked?: boolean;
  format?: (value: number) => string;
}) {
  return <BarChart {...chart} labels={days} formatLabel={formatDay} format={format} />;
}
