import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { StaffMentoringAnswer } from '@upskill/domain/mentoringApi';
// Inline, as the console's own styles are: only this chunk, which only the Mentors tab loads, carries them.
import uPlotCss from 'uplot/dist/uPlot.min.css?inline';

const COLOURS = ['#4338ca', '#0f766e', '#b45309', '#be123c', '#7c3aed', '#0369a1', '#4d7c0f', '#9f1239'];
const weekLabel = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

/** Each mentor's weekly utilisation (hours booked ÷ hours offered, %), one line each, drawn with uPlot. */
export default function UtilisationChart({ mentors }: { mentors: StaffMentoringAnswer['mentors'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || mentors.length === 0) return;
    const weeks = mentors[0].weeks.map((w) => w.weekStartMs / 1000);
    const series = mentors.map((m) =>
      m.weeks.map((w) => (w.offeredHours > 0 ? Math.round((w.bookedHours / w.offeredHours) * 1000) / 10 : null)),
    );
    const width = () => Math.max(280, element.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 260,
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(10, Math.ceil((max ?? 0) / 10) * 10)] } },
        axes: [
          { values: (_u, ticks) => ticks.map((t) => weekLabel.format(t * 1000)) },
          { label: 'Booked, % of hours offered', values: (_u, ticks) => ticks.map((t) => `${t}%`) },
        ],
        series: [
          { label: 'Week of', value: (_u, v) => (v == null ? '' : weekLabel.format(v * 1000)) },
          ...mentors.map((m, i) => ({
            label: m.name,
            stroke: COLOURS[i % COLOURS.length],
            width: 2,
            points: { show: true },
            value: (_u: uPlot, v: number | null) => (v == null ? 'no hours' : `${v}%`),
          })),
        ],
      },
      [weeks, ...series] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 260 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [mentors]);
  return (
    <>
      <style>{uPlotCss}</style>
      {/* The chart is a picture of the table below it, which screen readers read instead. */}
      <div ref={box} className="utilisation-chart" aria-hidden="true" data-testid="utilisation-chart" />
    </>
  );
}
