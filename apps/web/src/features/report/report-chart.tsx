import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount } from '../../lib/format.ts';
import { periodSplits } from './periods.ts';

/** One line of a chart: its legend text and a value per period (null: not known). */
export interface ChartSeries {
  label: string;
  values: (number | null)[];
}

interface Props {
  /** The periods' short names under the x axis, oldest first. */
  labels: string[];
  series: ChartSeries[];
  /** What the chart shows, read out in its place (the table after it has the figures). */
  description: string;
}

const HEIGHT = 180;
/** Colours a colour-blind reader can still tell apart, and a dash per line for those who cannot. */
const strokes = ['#1668dc', '#d46b08', '#389e0d', '#722ed1'];
const dashes: (number[] | undefined)[] = [undefined, [6, 4], [2, 3], [10, 3, 2, 3]];
/** Whole numbers only: a count has no halves. */
const countSteps = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 100_000, 1_000_000];

/** Axis labels are drawn on the canvas in the page's own font, as the legend and the table are. */
interface Ink {
  color: string;
  font: string;
}

/** Room for the widest count on the y axis (the canvas clips what does not fit). */
const countAxisWidth = (u: uPlot, values: string[] | null) => {
  if (!values?.length) return 44;
  u.ctx.save();
  u.ctx.font = u.axes[1]?.font?.[0] ?? u.ctx.font;
  const widest = Math.max(...values.map((v) => u.ctx.measureText(v).width));
  u.ctx.restore();
  return Math.ceil(widest / devicePixelRatio) + 18;
};

const optionsOf = (width: number, labels: string[], series: ChartSeries[], ink: Ink): uPlot.Options => ({
  width,
  height: HEIGHT,
  scales: {
    x: { time: false, range: () => [-0.5, labels.length - 0.5] },
    y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil((max ?? 0) * 1.1))] },
  },
  axes: [
    {
      stroke: ink.color,
      font: ink.font,
      grid: { show: false },
      incrs: [1, 2, 3, 4, 6, 12],
      space: 48,
      splits: (_u, _axis, _min, _max, step) => periodSplits(labels.length, step),
      values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
    },
    {
      stroke: ink.color,
      font: ink.font,
      incrs: countSteps,
      size: countAxisWidth,
      values: (_u, splits) => splits.map((v) => formatCount(v)),
    },
  ],
  series: [
    {},
    ...series.map((s, i) => ({
      label: s.label,
      stroke: strokes[i % strokes.length],
      width: 2,
      dash: dashes[i % dashes.length],
      points: { show: true, size: 6 },
    })),
  ],
  legend: { live: false },
  cursor: { drag: { x: false, y: false } },
});

/**
 * The one place the chart library is used: lines with points over the periods, its legend under it.
 * Drawn again when the figures or the width change; the library's canvas is all it adds to the page.
 */
export function ReportChart({ labels, series, description }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const figures = JSON.stringify([labels, series]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the figures' text stands for labels and series
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const ink = { color: style.color || '#4e5969', font: `12px ${style.fontFamily || 'sans-serif'}` };
    const plot = new uPlot(
      optionsOf(el.clientWidth || 280, labels, series, ink),
      [labels.map((_, i) => i), ...series.map((s) => s.values)],
      el,
    );
    const resized =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }));
    resized?.observe(el);
    return () => {
      resized?.disconnect();
      plot.destroy();
    };
  }, [figures]);
  return (
    <div ref={box} className="report-chart" role="img" aria-label={description} data-testid="report-chart" />
  );
}
