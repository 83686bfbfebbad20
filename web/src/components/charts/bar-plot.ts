// The bars themselves, drawn by uPlot on a canvas. Loaded on demand (its own chunk, fetched by
// the admin pages that chart something), and only where a canvas can be drawn on.
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { canvasColor } from './colors';
import { labelledBars, niceCeiling, stackedTotals, valueTicks } from './scale';

export interface PlotSeries {
  name: string;
  /** A CSS colour, custom properties included. */
  color: string;
  values: readonly number[];
}

export interface PlotSpec {
  labels: readonly string[];
  series: readonly PlotSeries[];
  stacked: boolean;
  format: (value: number) => string;
  formatLabel: (label: string) => string;
  height: number;
}

/** A category's figures as the hover line shows them ('Nov 24: Impressions 1,204'). */
export function describeBar(spec: PlotSpec, index: number): string {
  const figures = spec.series.map((s) => `${s.name} ${spec.format(s.values[index] ?? 0)}`);
  return `${spec.formatLabel(spec.labels[index] ?? '')}: ${figures.join(', ')}`;
}

/** Draws the chart into `target` at `width`; `onHover` hears the bar under the pointer. */
export async function drawBars(
  target: HTMLElement,
  spec: PlotSpec,
  width: number,
  onHover: (index: number | null) => void,
): Promise<uPlot> {
  const { default: UPlot } = await import('uplot');
  const style = getComputedStyle(target);
  const color = (css: string) => canvasColor(target, css);
  const font = `12px ${style.fontFamily}`;
  const text = color('var(--text-faint)');
  const count = spec.labels.length;
  // Stacked: each series' running total, drawn from the tallest so each part stays visible.
  const shown = spec.stacked
    ? stackedTotals(spec.series.map((s) => s.values))
        .map((values, j) => ({ ...spec.series[j]!, values }))
        .reverse()
    : spec.series;
  const values = shown.flatMap((s) => s.values);
  const top = niceCeiling(Math.max(0, ...values));
  const ticks = valueTicks(top, values.every(Number.isInteger));
  const valueAxisSize = 14 + 7.5 * Math.max(...ticks.map((t) => spec.format(t).length));
  const sideBySide = !spec.stacked && shown.length === 2;
  const bars = UPlot.paths.bars!;

  const options: uPlot.Options = {
    width,
    height: spec.height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false }, y: false },
    scales: {
      x: { time: false, range: () => [-0.5, count - 0.5] },
      y: { range: () => [0, top] },
    },
    axes: [
      {
        stroke: text,
        font,
        size: 26,
        gap: 6,
        grid: { show: false },
        ticks: { show: false },
        splits: (u) => labelledBars(count, u.bbox.width / devicePixelRatio),
        values: (_u, splits) => splits.map((i) => spec.formatLabel(spec.labels[i] ?? '')),
      },
      {
        stroke: text,
        font,
        size: valueAxisSize,
        gap: 6,
        grid: { stroke: color('var(--border)'), width: 1 },
        ticks: { show: false },
        splits: () => ticks,
        values: (_u, splits) => splits.map(spec.format),
      },
    ],
    series: [
      {},
      ...shown.map((s, j) => ({
        label: s.name,
        fill: color(s.color),
        stroke: color(s.color),
        width: 0,
        points: { show: false },
        paths: bars({
          size: [sideBySide ? 0.4 : 0.8, 80],
          align: sideBySide ? (j === 0 ? -1 : 1) : 0,
        }),
      })),
    ],
    hooks: {
      setCursor: [(u) => onHover(u.cursor.idx ?? null)],
    },
  };
  const data: uPlot.AlignedData = [
    Array.from({ length: count }, (_, i) => i),
    ...shown.map((s) => [...s.values]),
  ];
  return new UPlot(options, data, target);
}
