import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { StarterLessonAnswer } from '@upskill/domain/starter';
import { starterPercent } from '@upskill/domain/starter';
import { paths, starterLessonPath, starterPath } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { LoadFailed } from '../../components/LoadFailed';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { fetchLesson, markDone } from './api';
import { HowToOpen } from './StarterModulePage';
import { useStarterAnswer, type Reader } from './useStarterAnswer';
import './starter.css';

export default function StarterLessonPage() {
  const { programme = '', lesson = '' } = useParams();
  const fetcher = useCallback((reader: Reader, signal: AbortSignal) => fetchLesson(reader, programme, lesson, signal), [programme, lesson]);
  const { load, user, retry } = useStarterAnswer(
    `${programme}/${lesson}`,
    fetcher,
    'The lesson could not be loaded. Check your connection, then try again.',
  );
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentMeta(load.state === 'done' ? load.answer.lesson.title : 'Starter lesson', 'A starter lesson of an Upskill programme.', {
    noindex: true,
  });

  // A new lesson from next/previous: the reader starts at its title, as on a new page.
  useEffect(() => {
    if (load.state === 'done') heading.current?.focus({ preventScroll: false });
  }, [load]);

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
          <>
            <h1>Starter lesson</h1>
            <LoadFailed message={load.message} onRetry={retry} />
          </>
        )}
        {load.state === 'done' && <Lesson key={load.answer.lesson.slug} answer={load.answer} heading={heading} user={user} />}
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
  user: Reader;
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
