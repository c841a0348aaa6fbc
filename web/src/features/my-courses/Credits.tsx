import { Suspense, lazy, useState } from 'react';
import type { User } from 'firebase/auth';
import type { EnrollmentSummary } from '@upskill/domain/enrollment';

// The form lists the catalogue's courses and their batches: it loads when the learner opens it, not with the page.
const CreditForm = lazy(() => import('./CreditForm'));

/** A plan's course credits (or the membership's unlimited choice) on My Courses: how many are left, and the way to use one. */
export default function Credits({ item, user, onSpent }: { item: EnrollmentSummary; user: User; onSpent: () => void }) {
  const credits = item.credits;
  const [open, setOpen] = useState(false);
  if (!credits) return null;
  const chosen = credits.courseIds;
  const summary =
    credits.left === null
      ? 'Your membership covers a seat in any course while it is active.'
      : chosen
        ? `Take your seat in each course of your Custom plan: ${credits.left} of ${credits.granted ?? 0} still to choose.`
        : `${credits.left} of ${credits.granted ?? 0} course credit${credits.granted === 1 ? '' : 's'} left to spend.`;
  return (
    <div className="purchase__credits" data-testid="credits">
      <p data-testid="credits-left">{summary}</p>
      {!open ? (
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => setOpen(true)}>
          {credits.left === null ? 'Add a course' : chosen ? 'Choose a batch' : 'Use a credit'}
        </button>
      ) : (
        <Suspense fallback={<p role="status">Loading courses…</p>}>
          <CreditForm item={item} user={user} onSpent={onSpent} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
