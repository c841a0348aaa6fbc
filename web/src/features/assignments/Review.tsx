import type { ReviewView } from '@upskill/domain/assignments';

/** A released review (or, for a reviewer, a draft): points, result, comments and what to change. */
export function Review({ review, outOf }: { review: ReviewView; outOf: number }) {
  return (
    <div className="review" data-testid="review">
      <p>
        <strong className={`review__result review__result--${review.result}`}>
          {review.result === 'passed' ? 'Passed' : 'Needs work'}
        </strong>
        : {review.total} of {outOf} points · {review.reviewerName}
        {review.releasedAt === null && <span className="badge">Draft, not yet sent</span>}
      </p>
      <p className="review__text">{review.comments}</p>
      {review.changes && (
        <>
          <h5>What to change</h5>
          <p className="review__text">{review.changes}</p>
        </>
      )}
    </div>
  );
}
