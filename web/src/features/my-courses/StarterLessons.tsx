import { Link } from 'react-router-dom';
import type { StarterSummary } from '@upskill/domain/starter';
import { starterLessonPath, starterPath } from '../../config/paths';

/** The starter lessons the learner's enrollments open (Pre Registration's above all), with their progress. */
export function StarterLessons({ modules }: { modules: StarterSummary[] }) {
  return (
    <section className="card starter-box" aria-labelledby="starter-heading" data-testid="starter-box">
      <h2 id="starter-heading">Starter lessons</h2>
      <ul className="starter-box__list">
        {modules.map((m) => (
          <li key={m.programme}>
            <Link to={starterPath(m.programme)}>{m.name}</Link>
            <progress max={100} value={m.percent} aria-label={`${m.name} starter lessons complete`} />
            <span className="muted">
              {m.done} of {m.total} lessons done · {m.percent}% complete
            </span>
            {m.done < m.total && (
              <Link className="btn btn--secondary btn--sm" to={starterLessonPath(m.programme, m.nextLesson)}>
                {m.done === 0 ? 'Start' : 'Continue'}
                <span className="visually-hidden"> the {m.name} starter lessons</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
