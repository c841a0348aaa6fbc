import type { BookingView } from '@upskill/domain/mentoring';
import { SCORECARD_CRITERIA, VERDICT_LABELS } from '@upskill/domain/mentoring';

/** A mock interview's scorecard: each criterion 1–5, the mean, the verdict and the comments. */
export function Scorecard({ scorecard }: { scorecard: NonNullable<BookingView['scorecard']> }) {
  return (
    <div className="scorecard" data-testid="scorecard">
      <h5>
        Scorecard: {scorecard.mean.toFixed(1)} of 5 ·{' '}
        <span className={`verdict verdict--${scorecard.verdict}`}>{VERDICT_LABELS[scorecard.verdict]}</span>
      </h5>
      <table>
        <tbody>
          {SCORECARD_CRITERIA.map(({ key, label }) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td>
                <meter min={1} max={5} value={scorecard.ratings[key]} aria-label={`${label}: ${scorecard.ratings[key]} of 5`} />{' '}
                {scorecard.ratings[key]} of 5
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{scorecard.comments}</p>
    </div>
  );
}
