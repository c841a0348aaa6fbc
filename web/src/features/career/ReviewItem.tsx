import { indiaMoment } from '../../lib/indiaTime';
import { VersionLinks } from './VersionLinks';
import type { User } from 'firebase/auth';
import { CAREER_REVIEW_NAMES, CAREER_VERDICT_NAMES, type CareerAllowanceView, type CareerReviewItem } from '@upskill/domain/career';
import { CareerForm } from './CareerForm';

export const when = (iso: string) => indiaMoment(iso);

const STATE_NAMES = { waiting: 'Waiting for review', ...CAREER_VERDICT_NAMES };

/** One review: each version sent, its promise, and the released review point by point; the re-review form when it is open. */
export function ReviewItem({
  user,
  item,
  allowances,
  onSent,
}: {
  user: User;
  item: CareerReviewItem;
  allowances: CareerAllowanceView[];
  onSent: (item: CareerReviewItem) => void;
}) {
  return (
    <li className="card career-review" data-testid="career-review">
      <h3>
        {CAREER_REVIEW_NAMES[item.kind]}{' '}
        <span className={`badge career-review__state career-review__state--${item.state}`}>{STATE_NAMES[item.state]}</span>
      </h3>
      <ol className="career-review__versions">
        {item.versions.map((v) => (
          <li key={v.number} data-testid="career-version">
            <p>
              <strong>{v.number === 1 ? 'First version' : `Version ${v.number}`}</strong>, for {v.targetRole} ·{' '}
              <VersionLinks link={v.link} postingLink={v.postingLink} linkText="the link you sent" />
            </p>
            {v.review ? (
              <div className="career-review__feedback">
                <p>
                  <strong>{CAREER_VERDICT_NAMES[v.review.verdict]}</strong> by {v.review.reviewerName}, {when(v.review.releasedAt)}
                </p>
                <p className="career-review__summary">{v.review.summary}</p>
                {v.review.firstChanges.length > 0 && (
                  <>
                    <h4>Change first</h4>
                    <ol>
                      {v.review.firstChanges.map((c) => (
                        <li key={c}>{c}</li>
                      ))}
                    </ol>
                  </>
                )}
                <table className="career-review__checks">
                  <caption>The checklist</caption>
                  <thead>
                    <tr>
                      <th scope="col">Point</th>
                      <th scope="col">Mark</th>
                      <th scope="col">Comment</th>
                    </tr>
                  </thead>
                  <tbody>
                    {v.review.checks.map((c) => (
                      <tr key={c.id}>
                        <th scope="row">{c.label}</th>
                        <td>{c.mark === 'good' ? 'Good' : 'Change'}</td>
                        <td>{c.comment || '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="muted" data-testid="career-promise">
                Promised {item.promise}: by {when(v.dueAt)}.
              </p>
            )}
          </li>
        ))}
      </ol>
      {item.mayResubmit && <CareerForm user={user} allowances={allowances} resubmit={item} onSent={onSent} />}
    </li>
  );
}
