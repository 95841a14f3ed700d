// A month-by-month chart (uPlot 1.6.32): bars for one or two series over a few labelled groups (the company
// dashboard's months, the donations dashboard's), or lines for the trends of several (the administrators'
// statistics, docs/decisions/0073). Load it lazily (its own chunk, docs/decisions/0089). The canvas is decoration for
// sighted readers: it is hidden from assistive technology, and every screen that shows it shows the same figures as a table.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './charts.css';

export interface ChartSeries {
  label: string;
  color: string;
  /** One value per label; null leaves a gap (a rate without a base). */
  values: (number | null)[];
}

export interface BarChartProps {
  /** One label per bar group (the months). */
  labels: string[];
  /** Bars: one or two series (two are drawn side by side in each month). Lines: any number. */
  series: ChartSeries[];
  formatValue: (n: number) => string;
  /** 'bars' (default) or 'lines' for trends of several series over many months. */
  kind?: 'bars' | 'lines';
  height?: number;
  /** data-testid of the chart's box (browser tests wait for its canvas). */
  testId: string;
}

export default function BarChart({ labels, series, formatValue, kind = 'bars', height = 240, testId }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(240, Math.floor(el.clientWidth));
    // Two series side by side in each month: the first bar left of the month's tick, the second right of it.
    const barsAt = (align: -1 | 0 | 1) => uPlot.paths.bars!({ size: [series.length > 1 ? 0.38 : 0.6, 56], gap: 2, align });
    // Many months on a narrow canvas: label every second (or third) month so the labels never overlap.
    const every = () => Math.max(1, Math.ceil((labels.length * 44) / width()));
    const opts: uPlot.Options = {
      width: width(),
      height,
      legend: { show: true, live: false },
      cursor: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: { x: { time: false, range: [-0.6, labels.length - 0.4] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      axes: [
        {
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          splits: () => labels.map((_, i) => i).filter((i) => i % every() === 0),
          grid: { show: false },
          stroke: '#46605a',
        },
        { values: (_u, splits) => splits.map(formatValue), size: 72, stroke: '#46605a', grid: { stroke: '#e3ebe6' } },
      ],
      series: [
        {},
        ...series.map((s, i) =>
          kind === 'lines'
            ? { label: s.label, stroke: s.color, width: 2, points: { show: true, size: 5, fill: s.color } }
            : {
                label: s.label,
                stroke: s.color,
                fill: s.color,
                width: 0,
                points: { show: false },
                paths: barsAt(series.length === 1 ? 0 : i === 0 ? -1 : 1),
              },
        ),
      ],
    };
    const data = [labels.map((_, i) => i), ...series.map((s) => s.values)] as uPlot.AlignedData;
    const plot = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, series, formatValue, height, kind]);
  return <div ref={box} className="bar-chart" aria-hidden="true" data-testid={testId} />;
}
