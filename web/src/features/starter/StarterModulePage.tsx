import { useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { StarterModuleAnswer } from '@upskill/domain/starter';
import { PRICING_PLANS } from '@upskill/domain/catalogue';
import { formatRupees } from '@upskill/domain/common';
import { paths, starterLessonPath } from '../../config/paths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { LoadFailed } from '../../components/LoadFailed';
import { enrollLink } from '../enrollment';
import { fetchModule } from './api';
import { useStarterAnswer, type Reader } from './useStarterAnswer';
import './starter.css';

/** How the lessons open for someone who reads only the preview: Pre Registration for the programme. */
export function HowToOpen({ name, signedIn }: { name: string; signedIn: boolean }) {
  const plan = PRICING_PLANS.find((p) => p.id === 'preRegistration');
  return (
    <div className="status status--info" data-testid="starter-preview-note">
      <p style={{ margin: 0 }}>
        The first lesson is free to read. Every lesson opens with Pre Registration for {name}
        {plan ? ` (${formatRupees(plan.price)} a month, ${plan.trial?.note ?? 'no trial'})` : ''}: choose {name} as your interested course.
        They are also open to learners of any course or plan of the programme.
      </p>
      <p style={{ margin: 'var(--s2) 0 0' }}>
        <Link className="btn btn--primary btn--sm" {...enrollLink({ kind: 'plan', planId: 'preRegistration' })}>
          Pre-register
        </Link>{' '}
        {!signedIn && (
          <Link className="btn btn--secondary btn--sm" to={paths.login} state={{ from: window.location.pathname }}>
            Sign in
          </Link>
        )}
      </p>
    </div>
  );
}

export default function StarterModulePage() {
  const { programme = '' } = useParams();
  const fetcher = useCallback((reader: Reader, signal: AbortSignal) => fetchModule(reader, programme, signal), [programme]);
  const { load, retry } = useStarterAnswer(programme, fetcher, 'The lessons could not be loaded. Check your connection, then try again.');
  const name = load.state === 'done' ? load.answer.programme.name : 'Starter lessons';
  useDocumentMeta(`${name}: starter lessons`, 'A short self-paced start to the programme, before its live classes.', { noindex: true });

  return (
    <section className="section">
      <div className="container starter">
        {load.state === 'loading' && <p role="status">Loading the lessons...</p>}
        {load.state === 'missing' && (
          <>
            <h1>No such starter module</h1>
            <p>
              <Link to={paths.myCourses}>Go to My Courses</Link> for the lessons your enrollments open.
            </p>
          </>
        )}
        {/* A module is never refused (403) to anyone; should the server say so, its words show as a failure. */}
        {(load.state === 'locked' || load.state === 'error') && <h1>Starter lessons</h1>}
        {load.state === 'locked' && (
          <p className="status status--error" role="alert">
            {load.message}
          </p>
        )}
        {load.state === 'error' && <LoadFailed message={load.message} onRetry={retry} />}
        {load.state === 'done' && <Module answer={load.answer} />}
      </div>
    </section>
  );
}

function Module({ answer }: { answer: StarterModuleAnswer }) {
  const { programme, lessons } = answer;
  const next = lessons.find((l) => l.open && !l.done) ?? lessons[0];
  return (
    <>
      <p className="starter__crumbs muted">
        <Link to={paths.myCourses}>My Courses</Link> · Starter lessons
      </p>
      <h1>{programme.name}: starter lessons</h1>
      <p>
        A short self-paced start before the live classes: {lessons.length} lessons of text, code and diagrams, about{' '}
        {lessons.reduce((sum, l) => sum + l.minutes, 0)} minutes in all. Mark each one done as you go.
      </p>
      {answer.access === 'full' && (
        <div className="starter__progress" data-testid="starter-progress">
          <progress max={100} value={answer.percent} aria-label={`${programme.name} starter lessons complete`} />
          <span>
            {answer.done} of {lessons.length} lessons done · {answer.percent}% complete
          </span>
        </div>
      )}
      {answer.access === 'preview' && <HowToOpen name={programme.name} signedIn={answer.signedIn} />}
      <ol className="starter__lessons" aria-label="Lessons">
        {lessons.map((lesson) => (
          <li key={lesson.slug} className={`starter__lesson${lesson.done ? ' is-done' : ''}`} data-testid="starter-lesson">
            {lesson.open ? (
              <Link className="starter__lesson-title" to={starterLessonPath(programme.slug, lesson.slug)}>
                {lesson.position}. {lesson.title}
              </Link>
            ) : (
              <span className="starter__lesson-title">
                {lesson.position}. {lesson.title}
              </span>
            )}
            <span className="starter__lesson-meta muted">
              {lesson.minutes} min
              {lesson.done && <span className="badge starter__done">Done</span>}
              {!lesson.open && <span className="badge starter__locked">Opens with Pre Registration</span>}
              {lesson.open && answer.access === 'preview' && <span className="badge starter__done">Free preview</span>}
            </span>
          </li>
        ))}
      </ol>
      {next.open && (
        <p>
          <Link className="btn btn--primary" to={starterLessonPath(programme.slug, next.slug)}>
            {answer.done === 0
              ? 'Start with lesson 1'
              : answer.done === lessons.length
                ? 'Read again from lesson 1'
                : `Continue with lesson ${next.position}`}
          </Link>
        </p>
      )}
    </>
  );
}
