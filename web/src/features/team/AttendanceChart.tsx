const weekLabel = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const label = (week: string) => weekLabel.format(new Date(`${week}T00:00:00Z`));

/**
 * Classes attended per week, as bars (an inline SVG: nothing to load), with the same figures in a table that
 * screen readers read instead of the picture.
 */
export function AttendanceChart({ weeks }: { weeks: { week: string; attended: number }[] }) {
  const max = Math.max(1, ...weeks.map((w) => w.attended));
  const barWidth = 100 / weeks.length;
  return (
    <figure className="team-chart" data-testid="team-chart">
      <svg viewBox="0 0 100 50" preserveAspectRatio="none" aria-hidden="true" focusable="false" className="team-chart__bars">
        {weeks.map((w, i) => {
          const height = (w.attended / max) * 46;
          return <rect key={w.week} x={i * barWidth + barWidth * 0.15} y={48 - height} width={barWidth * 0.7} height={height} rx={1} />;
        })}
      </svg>
      <ol className="team-chart__labels" aria-hidden="true">
        {weeks.map((w) => (
          <li key={w.week}>
            <strong>{w.attended}</strong>
            <span>{label(w.week)}</span>
          </li>
        ))}
      </ol>
      <figcaption>Classes attended by your members, per week (weeks start on Monday)</figcaption>
      <table className="visually-hidden">
        <caption>Classes attended per week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Classes attended</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row">{label(w.week)}</th>
              <td>{w.attended}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
