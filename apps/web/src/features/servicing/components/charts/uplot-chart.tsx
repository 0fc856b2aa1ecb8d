import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCents, formatDate } from '@payrail/client/format';

export interface ChartSeries {
  label: string;
  /** One value per x, in cents. */
  values: readonly number[];
  stroke: string;
  fill?: string;
}

export interface UplotChartProps {
  /** x values: epoch seconds (UTC dates). */
  x: readonly number[];
  series: readonly ChartSeries[];
  height?: number;
  /** The x axis's span (epoch seconds): the loan's whole term, so one point does not stretch over decades. */
  xRange?: readonly [number, number];
}

function canvasSupported(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

const dateOf = (seconds: number) => formatDate(new Date(seconds * 1000));

/**
 * A uPlot line chart sized to its container. The canvas is decoration: the caller gives the same data
 * as text (the charts' text alternative), so the chart itself is hidden from assistive technology.
 */
export default function UplotChart({ x, series, height = 220, xRange }: UplotChartProps) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    // Without a 2D canvas (very old browsers, test DOMs) there is no chart; the text alternative stays.
    if (!element || !canvasSupported()) return undefined;
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 240),
      height,
      // The series' names always show (not only under the cursor's values).
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, ...(xRange ? { range: (): uPlot.Range.MinMax => [xRange[0], xRange[1]] } : {}) },
        // Money from zero: a small payment must not look like a plunge.
        y: { range: (_u: uPlot, _min: number, max: number): uPlot.Range.MinMax => [0, max > 0 ? max * 1.05 : 100] },
      },
      axes: [
        { values: (_, ticks) => ticks.map(dateOf), space: 90 },
        { values: (_, ticks) => ticks.map((tick) => formatCents(tick)), size: 80 },
      ],
      series: [
        { label: 'Date', value: (_, value) => (value == null ? '' : dateOf(value)) },
        ...series.map((item) => ({
          label: item.label,
          stroke: item.stroke,
          fill: item.fill,
          width: 2,
          value: (_: uPlot, value: number | null) => (value == null ? '' : formatCents(value)),
        })),
      ],
    };
    const data: uPlot.AlignedData = [Float64Array.from(x), ...series.map((item) => Float64Array.from(item.values))];
    const plot = new uPlot(options, data, element);
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 240), height }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [x, series, height, xRange]);

  return <div ref={host} aria-hidden="true" />;
}
