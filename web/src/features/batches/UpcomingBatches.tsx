import { Suspense, lazy, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BatchListing } from '@upskill/domain/enrollment';
import { fetchBatches } from './api';
import { batchHours, batchStart, seatsText } from './format';
// Loaded on the first click of Join the waitlist: the form brings react-hook-form and the shared schemas.
const WaitlistForm = lazy(() => import('./WaitlistForm').then((m) => ({ default: m.WaitlistForm })));

interface Props {
  offering: string;
  /** The enrollment form's address for this course; the batch is added as ?batch=. */
  enrollTo: string;
  enrollState: unknown;
  courseName: string;
  /** The batches once known, for the page's structured data. */
  onLoaded?: (batches: BatchListing[]) => void;
}

/** The course page's upcoming batches: when, which days and hours, and the seats left (or the waitlist). */
export function UpcomingBatches({ offering, enrollTo, enrollState, courseName, onLoaded }: Props) {
  const [batches, setBatches] = useState<BatchListing[] | undefined | 'failed'>();
  const [waitlistFor, setWaitlistFor] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchBatches(offering).then(
      (answer) => {
        if (!live) return;
        const upcoming = answer.batches.filter((b) => b.status === 'open' || b.status === 'full');
        setBatches(upcoming);
        onLoaded?.(upcoming);
      },
      () => live && setBatches('failed'),
    );
    return () => {
      live = false;
    };
  }, [offering, onLoaded]);

  return (
    <section className="card course-batches" aria-labelledby="course-batches" aria-busy={batches === undefined}>
      <h2 id="course-batches">Upcoming batches</h2>
      {batches === undefined && <p className="muted">Loading the batch dates…</p>}
      {batches === 'failed' && <p className="muted">We could not load the batch dates just now. The enrollment form lists them too.</p>}
      {Array.isArray(batches) && batches.length === 0 && (
        <p className="muted">No batch is open yet. Write to us and we will tell you when the next one opens.</p>
      )}
      {Array.isArray(batches) && batches.length > 0 && (
        <ul className="batch-list">
          {batches.map((batch) => {
            const full = batch.seatsLeft === 0;
            const label = `${batch.batchTime} batch starting ${batch.startDate}`;
            return (
              <li key={batch.id} className="batch-list__item" data-batch-id={batch.id}>
                <div>
                  <strong>{batch.batchTime}</strong> · {batchStart(batch)}
                  <br />
                  <span className="muted">
                    {batchHours(batch)} · {batch.sessions} live sessions
                  </span>
                </div>
                <span className={full ? 'badge badge--full' : 'badge badge--primary'} data-testid="seats-left">
                  {seatsText(batch)}
                </span>
                {full ? (
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-expanded={waitlistFor === batch.id}
                    onClick={() => setWaitlistFor(waitlistFor === batch.id ? null : batch.id)}
                  >
                    Join the waitlist
                  </button>
                ) : (
                  <Link
                    className="btn btn--primary"
                    to={`${enrollTo}?batch=${encodeURIComponent(batch.id)}`}
                    state={enrollState}
                    aria-label={`Enroll in the ${label} of ${courseName}`}
                  >
                    Enroll
                  </Link>
                )}
                {waitlistFor === batch.id && (
                  <Suspense
                    fallback={
                      <p className="muted" role="status">
                        Opening the waitlist form…
                      </p>
                    }
                  >
                    <WaitlistForm batchId={batch.id} label={`the ${label}`} />
                  </Suspense>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
