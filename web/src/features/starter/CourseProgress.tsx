import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { StarterSummary } from '@upskill/domain/starter';
import { starterProgrammeOfCourse } from '@upskill/domain/starter';
import { starterPath } from '../../config/paths';
import { useAuthUser } from '../auth';
import { fetchOverview } from './api';

/**
 * The catalogue preview's "% complete" for a signed-in learner: their real progress in the starter lessons of the
 * programme the course belongs to, where they have any (lessons open to them, or some marked done). Otherwise, and
 * until it is known, what the preview always shows (`fallback`, the seat fill), in the same two lines.
 */
export default function CourseProgress({ courseId, fallback }: { courseId: number; fallback: ReactNode }) {
  const auth = useAuthUser();
  const [module, setModule] = useState<StarterSummary | null>(null);
  const programme = starterProgrammeOfCourse(courseId);
  useEffect(() => {
    if (auth.status !== 'ready' || !auth.user || !programme) return;
    const controller = new AbortController();
    fetchOverview(auth.user, controller.signal).then(
      (answer) => setModule(answer.modules.find((m) => m.programme === programme.slug) ?? null),
      () => undefined,
    );
    return () => controller.abort();
  }, [auth, programme]);
  if (!module) return fallback;
  return (
    <div className="seats" data-testid="course-progress">
      <div
        className="seats__bar"
        role="progressbar"
        aria-valuenow={module.percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={`Your progress in the ${module.name} starter lessons`}
      >
        <span style={{ width: `${module.percent}%` }} />
      </div>
      <span className="seats__label">
        {module.percent}% complete ·{' '}
        <Link to={starterPath(module.programme)}>
          {module.done} of {module.total} starter lessons
        </Link>
      </span>
    </div>
  );
}
