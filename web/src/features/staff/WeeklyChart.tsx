import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
// Inline, as the console's own styles are: only this chunk, which only the chart tabs load, carries them.
import uPlotCss from 'uplot/dist/uPlot.min.css?inline';

const COLOURS = ['#4338ca', '#0f766e', '#b45309', '#be123c', '#7c3aed', '#0369a1', '#4d7c0f', '#9f1239'];
const weekLabel = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

export interface WeeklySeries {
  label: string;
  /** One value per week; null where there is nothing to draw. */
  values: (number | null)[];
}

/**
 * One line per series over the weeks, drawn with uPlot: the Mentors tab's utilisation and the Reviews tab's
 * turnaround. The chart is a picture of the table beside it, which screen readers read instead.
 */
export default function WeeklyChart({
  weeks,
  series,
  axis,
  unit,
  empty,
  testId,
}: {
  weeks: number[];
  series: WeeklySeries[];
  /** The y axis's label. */
  axis: string;
  /** How a value reads: `${v}${unit}`. */
  unit: string;
  /** What an empty point reads as in the legend. */
  empty: string;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || series.length === 0) return;
    const width = () => Math.max(280, element.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 260,
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(10, Math.ceil((max ?? 0) / 10) * 10)] } },
        axes: [
          { values: (_u, ticks) => ticks.map((t) => weekLabel.format(t * 1000)) },
          { label: axis, values: (_u, ticks) => ticks.map((t) => `${t}${unit}`) },
        ],
        series: [
          { label: 'Week of', value: (_u, v) => (v == null ? '' : weekLabel.format(v * 1000)) },
          ...series.map((s, i) => ({
            label: s.label,
            stroke: COLOURS[i % COLOURS.length],
            width: 2,
            points: { show: true },
            value: (_u: uPlot, v: number | null) => (v == null ? empty : `${v}${unit}`),
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
  }, [weeks, series, axis, unit, empty]);
  return (
    <>
      <style>{uPlotCss}</style>
      <div ref={box} className="utilisation-chart" aria-hidden="true" data-testid={testId} />
    </>
  );
}
