import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from 'firebase/auth';
import type { QaQueueAnswer } from '@upskill/domain/qa';
import { formatIndiaMoment } from '@upskill/domain/assignments';
import { qaQuestionPath } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { useApiLoad } from '../../lib/useApiLoad';
import { fetchQueue } from './api';

/**
 * The questions still waiting for a first answer in the spaces the caller serves (mentors, instructors, staff): a page
 * at a time, soonest due first, with how many wait in all.
 */
export function AnswerQueue({ user }: { user: User }) {
  const { load } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchQueue(user, undefined, signal), [user]),
    'The queue could not be loaded.',
  );
  // Later pages, appended as they are asked for.
  const [later, setLater] = useState<QaQueueAnswer[]>([]);
  const [more, setMore] = useState(false);
  const [moreError, setMoreError] = useState<string>();
  if (load.state === 'loading') return <p role="status">Loading the questions waiting for you...</p>;
  if (load.state === 'error') return <p className="status status--error">{load.message}</p>;
  const pages = [load.answer, ...later];
  const questions = pages.flatMap((page) => page.questions);
  const next = pages[pages.length - 1].next;
  const loadMore = () => {
    if (!next) return;
    setMore(true);
    setMoreError(undefined);
    fetchQueue(user, next)
      .then((page) => setLater((current) => [...current, page]))
      .catch((err: unknown) => setMoreError(failureMessage(err, 'The next questions could not be loaded. Try again.')))
      .finally(() => setMore(false));
  };
  return (
    <section className="qa-queue card" aria-labelledby="qa-queue-h">
      <h2 id="qa-queue-h">Waiting for an answer ({load.answer.waiting})</h2>
      {questions.length === 0 ? (
        <p className="muted">Every question in your spaces has an answer.</p>
      ) : (
        <ul className="qa-list">
          {questions.map((q) => (
            <li key={q.id} className={`qa-row${q.overdue ? ' is-overdue' : ''}`} data-testid="qa-queue-item">
              <Link to={qaQuestionPath(q.id)} className="qa-row__title">
                {q.title}
              </Link>
              <p className="qa-row__meta muted">
                {q.spaceName} · {q.authorName} · answer by {formatIndiaMoment(Date.parse(q.dueAt))}
                {q.priority && <span className="badge">Priority</span>}
                {q.overdue && <span className="badge qa-badge--overdue">Past its promise</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
      {moreError && (
        <p className="status status--error" role="alert">
          {moreError}
        </p>
      )}
      {next && (
        <button type="button" className="btn btn--secondary btn--sm" onClick={loadMore} disabled={more}>
          {more ? 'Loading...' : 'More questions waiting'}
        </button>
      )}
    </section>
  );
}
