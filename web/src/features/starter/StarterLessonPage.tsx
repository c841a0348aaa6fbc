import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { StarterLessonAnswer } from '@upskill/domain/starterApi';
import { starterPercent } from '@upskill/domain/starter';
import { paths, starterLessonPath, starterPath } from '../../config/paths';
import { ApiError, failureMessage } from '../../lib/api';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useAuthUser } from '../auth';
import { fetchLesson, markDone } from './api';
import { HowToOpen } from './StarterModulePage';
import './starter.css';

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'locked'; message: string }
  | { state: 'error'; message: string }
  | { state: 'done'; answer: StarterLessonAnswer };

export default function StarterLessonPage() {
  const { programme = '', lesson = '' } = useParams();
  const auth = useAuthUser();
  // What was loaded, for which address: another lesson's answer reads as loading until this one's arrives.
  const [loaded, setLoaded] = useState<{ key: string; load: Load }>({ key: '', load: { state: 'loading' } });
  const key = `${programme}/${lesson}`;
  const load: Load = loaded.key === key ? loaded.load : { state: 'loading' };
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentMeta(load.state === 'done' ? load.answer.lesson.title : 'Starter lesson', 'A starter lesson of an Upskill programme.', {
    noindex: true,
  });

  useEffect(() => {
    if (auth.status !== 'ready') return;
    const controller = new AbortController();
    fetchLesson(auth.user, programme, lesson, controller.signal).then(
      (answer) => setLoaded({ key, load: { state: 'done', answer } }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.status === 404) setLoaded({ key, load: { state: 'missing' } });
        else if (err instanceof ApiError && err.status === 403) setLoaded({ key, load: { state: 'locked', message: err.message } });
        else
          setLoaded({
            key,
            load: { state: 'error', message: failureMessage(err, 'The lesson could not be loaded. Please reload the page.') },
          });
      },
    );
    return () => controller.abort();
  }, [auth, programme, lesson, key]);

  // A new lesson from next/previous: the reader starts at its title, as on a new page.
  useEffect(() => {
    if (loaded.load.state === 'done') heading.current?.focus({ preventScroll: false });
  }, [loaded]);

  return (
    <section className="section">
      <div className="container starter">
        <p className="starter__crumbs muted">
          <Link to={paths.myCourses}>My Courses</Link> · <Link to={starterPath(programme)}>Starter lessons</Link>
        </p>
        {load.state === 'loading' && <p role="status">Loading the lesson...</p>}
        {load.state === 'missing' && (
          <>
            <h1>No such lesson</h1>
            <p>
              <Link to={starterPath(programme)}>See the module’s lessons</Link>.
            </p>
          </>
        )}
        {load.state === 'locked' && (
          <>
            <h1>This lesson is not open to you yet</h1>
            <p className="status status--info" role="status">
              {load.message}
            </p>
            <p>
              <Link to={starterPath(programme)}>Back to the lessons</Link>, where the first one is free to read.
            </p>
          </>
        )}
        {load.state === 'error' && (
          <p className="status status--error" role="alert">
            {load.message}
          </p>
        )}
        {load.state === 'done' && (
          <Lesson key={load.answer.lesson.slug} answer={load.answer} heading={heading} user={auth.status === 'ready' ? auth.user : null} />
        )}
      </div>
    </section>
  );
}

function Lesson({
  answer,
  heading,
  user,
}: {
  answer: StarterLessonAnswer;
  heading: React.RefObject<HTMLHeadingElement | null>;
  user: { getIdToken(): Promise<string> } | null;
}) {
  const { programme, lesson } = answer;
  const [progress, setProgress] = useState({ done: lesson.done, count: answer.doneCount });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const canMark = answer.access === 'full' && user !== null;

  const toggle = () => {
    if (!user) return;
    setBusy(true);
    setError(undefined);
    markDone(user, programme.slug, lesson.slug, !progress.done).then(
      (next) => {
        setProgress({ done: next.done, count: next.doneCount });
        setBusy(false);
      },
      (err: unknown) => {
        setError(failureMessage(err, 'Your progress was not saved; try again.'));
        setBusy(false);
      },
    );
  };

  return (
    <article className="starter" aria-labelledby="lesson-title">
      <h1 id="lesson-title" ref={heading} tabIndex={-1}>
        {lesson.title}
      </h1>
      <p className="muted" style={{ margin: 0 }}>
        {programme.name} · Lesson {lesson.position} of {answer.total} · {lesson.minutes} min read
      </p>
      {answer.access === 'preview' && <HowToOpen name={programme.name} signedIn={answer.signedIn} />}
      {/* Rendered by the server from our own Markdown files (functions/src/starter/content.ts). */}
      <div className="starter__body" dangerouslySetInnerHTML={{ __html: answer.html }} />
      {canMark && (
        <div className="starter__mark">
          <button
            type="button"
            className={`btn ${progress.done ? 'btn--secondary' : 'btn--primary'}`}
            aria-pressed={progress.done}
            disabled={busy}
            onClick={toggle}
          >
            {progress.done ? 'Done ✓ (mark as not done)' : 'Mark as done'}
          </button>
          <span role="status" data-testid="starter-lesson-progress">
            {progress.count} of {answer.total} lessons done · {starterPercent(progress.count, answer.total)}% complete
          </span>
          {error && (
            <span className="status status--error" role="alert">
              {error}
            </span>
          )}
        </div>
      )}
      <nav className="starter__nav" aria-label="Lessons">
        {answer.previous ? (
          <Link to={starterLessonPath(programme.slug, answer.previous.slug)} rel="prev">
            ← Previous: {answer.previous.title}
          </Link>
        ) : (
          <Link to={starterPath(programme.slug)}>← All lessons</Link>
        )}
        {answer.next ? (
          <Link to={starterLessonPath(programme.slug, answer.next.slug)} rel="next">
            Next: {answer.next.title} →
          </Link>
        ) : (
          <Link to={starterPath(programme.slug)}>Back to all lessons →</Link>
        )}
      </nav>
    </article>
  );
}
