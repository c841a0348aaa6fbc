import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { paths } from '../../config/paths';
import { useApiLoad } from '../../lib/useApiLoad';
import { fetchCareer } from './api';

/** My Courses' line on career reviews: what the learner's plans have left, and the way to their career page. */
export default function CareerSection({ user }: { user: User }) {
  const { load } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchCareer(user, signal), [user]),
    'Your career reviews could not be loaded.',
  );
  if (load.state !== 'done' || (load.answer.allowances.length === 0 && load.answer.reviews.length === 0)) return null;
  const waiting = load.answer.reviews.filter((r) => r.state === 'waiting').length;
  return (
    <section className="card" aria-labelledby="career-title" data-testid="career-section">
      <h2 id="career-title">Career reviews</h2>
      <ul>
        {load.answer.allowances.map((a) => (
          <li key={`${a.enrollmentId}-${a.kind}`} data-testid="career-line">
            {a.line}
          </li>
        ))}
      </ul>
      {waiting > 0 && <p>{waiting === 1 ? 'One review is' : `${waiting} reviews are`} with a mentor.</p>}
      <Link to={paths.career}>Send your resume or LinkedIn profile, and read your reviews</Link>
    </section>
  );
}
