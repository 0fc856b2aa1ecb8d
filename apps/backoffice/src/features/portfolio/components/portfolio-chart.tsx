import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface PortfolioSeries {
  label: string;
  /** One value per x (null: no value there). */
  values: readonly (number | null)[];
  stroke: string;
}

export interface PortfolioChartProps {
  /** x values (0, 1, 2 …), labelled by `xLabel`. */
  x: readonly number[];
  xLabel: (x: number) => string;
  series: readonly PortfolioSeries[];
  /** How a y value prints on the axis and in the legend. */
  yFormat: (y: number) => string;
  height?: number;
}

function canvasSupported(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/**
 * A uPlot line chart sized to its container. The canvas is decoration (hidden from assistive
 * technology): every chart on the page has its data as a table next to it (ChartData) and a CSV.
 */
export default function PortfolioChart({ x, xLabel, series, yFormat, height = 240 }: PortfolioChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element || !canvasSupported() || x.length === 0) return undefined;
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 240),
      height,
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false } },
      axes: [
        { values: (_, ticks) => ticks.map((t) => (Number.isInteger(t) ? xLabel(t) : '')), space: 60 },
        { values: (_, ticks) => ticks.map(yFormat), size: 80 },
      ],
      series: [
        { label: '', value: (_, v) => (v == null ? '' : xLabel(v)) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.stroke,
          width: 2,
          spanGaps: false,
          value: (_: uPlot, v: number | null) => (v == null ? '–' : yFormat(v)),
        })),
      ],
    };
    const data = [Array.from(x), ...series.map((s) => Array.from(s.values))] as uPlot.AlignedData;
    const plot = new uPlot(options, data, element);
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 240), height }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [x, xLabel, series, yFormat, height]);
  return <div ref={host} aria-hidden="true" data-testid="portfolio-chart" />;
}
