import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
// Inline, as the console's own styles are: only this chunk, which only the chart tabs load, carries them.
import uPlotCss from 'uplot/dist/uPlot.min.css?inline';

const COLOURS = ['#4338ca', '#0f766e', '#b45309', '#be123c', '#7c3aed', '#0369a1', '#4d7c0f', '#9f1239'];
const LABELS = {
  week: { heading: 'Week of', format: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' }) },
  month: { heading: 'Month', format: new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }) },
};

export interface WeeklySeries {
  label: string;
  /** One value per week; null where there is nothing to draw. */
  values: (number | null)[];
}

/**
 * One line per series over the weeks (or months), drawn with uPlot: the Mentors tab's utilisation, the Reviews tab's
 * turnaround, the Organisations tab's B2B revenue. The chart is a picture of the table beside it, which screen readers
 * read instead.
 */
export default function WeeklyChart({
  weeks,
  series,
  axis,
  unit,
  empty,
  testId,
  period = 'week',
  format,
}: {
  /** Each point's start, epoch ms. */
  weeks: number[];
  series: WeeklySeries[];
  /** The y axis's label. */
  axis: string;
  /** How a value reads: `${v}${unit}`. */
  unit: string;
  /** What an empty point reads as in the legend. */
  empty: string;
  testId: string;
  period?: 'week' | 'month';
  /** How a value reads, where `${v}${unit}` does not do (rupees). */
  format?: (value: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || series.length === 0) return;
    const label = LABELS[period];
    const show = format ?? ((v: number) => `${v}${unit}`);
    const width = () => Math.max(280, element.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 260,
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(10, Math.ceil((max ?? 0) / 10) * 10)] } },
        axes: [
          { values: (_u, ticks) => ticks.map((t) => label.format.format(t * 1000)) },
          { label: axis, size: format ? 80 : undefined, values: (_u, ticks) => ticks.map((t) => show(t)) },
        ],
        series: [
          { label: label.heading, value: (_u, v) => (v == null ? '' : label.format.format(v * 1000)) },
          ...series.map((s, i) => ({
            label: s.label,
            stroke: COLOURS[i % COLOURS.length],
            width: 2,
            points: { show: true },
            value: (_u: uPlot, v: number | null) => (v == null ? empty : show(v)),
          })),
        ],
      },
      [weeks.map((w) => w / 1000), ...series.map((s) => s.values)] as uPlot.AlignedData,
      element,
    );
    // What the chart drew, one array per line, as uPlot holds it: tests read the plotted values here, since a canvas
    // has no text to read.
    element.dataset.plotted = JSON.stringify(series.map((s, i) => ({ label: s.label, values: plot.data[i + 1] })));
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 260 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [weeks, series, axis, unit, empty, period, format]);
  return (
    <>
      <style>{uPlotCss}</style>
      <div ref={box} className="utilisation-chart" aria-hidden="true" data-testid={testId} />
    </>
  );
}
