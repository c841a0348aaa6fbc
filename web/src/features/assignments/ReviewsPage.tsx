import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { User } from 'firebase/auth';
import type { QueueItem, ReviewDetailAnswer } from '@upskill/domain/assignments';
import { formatIndiaMoment, type ReviewResult, reviewSchema } from '@upskill/domain/assignments';
import { paths } from '../../config/paths';
import { fieldErrorsOf } from '../../lib/api';
import { useFieldErrors } from '../../lib/useFieldErrors';
import { LoadFailed } from '../../components/LoadFailed';
import { schemaErrors } from '../../lib/schemaErrors';
import { useApiLoad } from '../../lib/useApiLoad';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useAuthUser } from '../auth';
import { fetchQueue, fetchReview, saveReview } from './api';
import { Review } from './Review';
import './assignments.css';

const waited = (item: QueueItem) => (item.waitedHours < 48 ? `${item.waitedHours} h` : `${Math.floor(item.waitedHours / 24)} days`);

/** The review form: points per criterion, comments, the result, and what to change; saved as a draft or released. */
function ReviewForm({
  detail,
  user,
  onSaved,
}: {
  detail: ReviewDetailAnswer;
  user: User;
  onSaved: (next: ReviewDetailAnswer, released: boolean) => void;
}) {
  const draft = detail.review;
  const [scores, setScores] = useState<Record<string, string>>(
    Object.fromEntries(detail.assignment.rubric.map((c) => [c.id, draft ? String(draft.scores[c.id] ?? '') : ''])),
  );
  const [comments, setComments] = useState(draft?.comments ?? '');
  const [changes, setChanges] = useState(draft?.changes ?? '');
  const [result, setResult] = useState<ReviewResult | ''>(draft?.result ?? '');
  const { errors, setErrors, show, invalid, error, form, id } = useFieldErrors();
  const [saving, setSaving] = useState<'draft' | 'release' | null>(null);
  const total = Object.values(scores).reduce((sum, v) => sum + (Number.parseInt(v, 10) || 0), 0);

  const send = async (release: boolean) => {
    const numbers = Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, v.trim() === '' ? Number.NaN : Number(v)]));
    const body = { scores: numbers, comments, changes, result, release };
    const found = await schemaErrors(reviewSchema, body);
    for (const c of detail.assignment.rubric) {
      const n = numbers[c.id];
      if (!Number.isInteger(n) || n < 0 || n > c.points) found[`score-${c.id}`] = `Give 0 to ${c.points} points.`;
    }
    if (found.scores && Object.keys(found).some((k) => k.startsWith('score-'))) delete found.scores;
    if (result === 'passed' && total < detail.assignment.passMark)
      found.result ??= `A pass needs at least ${detail.assignment.passMark} of ${detail.assignment.outOf} points.`;
    if (Object.keys(found).length > 0) return show(found);
    setErrors({});
    setSaving(release ? 'release' : 'draft');
    try {
      onSaved(await saveReview(user, detail.item.id, body as Parameters<typeof saveReview>[2]), release);
    } catch (err) {
      show(fieldErrorsOf(err, 'We could not reach the server. Nothing was saved; please try again.'));
    } finally {
      setSaving(null);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(true);
  };

  return (
    <form
      ref={form}
      className="review-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={`Review of ${detail.item.learnerName}'s attempt ${detail.item.attempt}`}
    >
      <fieldset className="review-form__scores">
        <legend>
          Points: {total} of {detail.assignment.outOf} (pass mark {detail.assignment.passMark})
        </legend>
        {detail.assignment.rubric.map((c) => (
          <div key={c.id} className="field">
            <label htmlFor={`${id}-in-${c.id}`}>
              {c.label} (0–{c.points})
            </label>
            <input
              id={`${id}-in-${c.id}`}
              className="input"
              type="number"
              inputMode="numeric"
              min={0}
              max={c.points}
              value={scores[c.id]}
              onChange={(e) => setScores({ ...scores, [c.id]: e.target.value })}
              {...invalid(`score-${c.id}`)}
            />
            {error(`score-${c.id}`)}
          </div>
        ))}
        {error('scores')}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-comments`}>Comments for the learner</label>
        <textarea
          id={`${id}-comments`}
          className="input"
          rows={4}
          value={comments}
          onChange={(e) => setComments(e.target.value)}
          {...invalid('comments')}
        />
        {error('comments')}
      </div>
      <fieldset className="review-form__result" {...invalid('result')}>
        <legend>Result</legend>
        {(['passed', 'needs-work'] as const).map((r) => (
          <label key={r} className="choice">
            <input type="radio" name={`${id}-result`} value={r} checked={result === r} onChange={() => setResult(r)} />
            {r === 'passed' ? 'Passed' : 'Needs work'}
          </label>
        ))}
        {error('result')}
      </fieldset>
      {result === 'needs-work' && (
        <div className="field">
          <label htmlFor={`${id}-changes`}>What to change</label>
          <textarea
            id={`${id}-changes`}
            className="input"
            rows={3}
            value={changes}
            onChange={(e) => setChanges(e.target.value)}
            {...invalid('changes')}
          />
          {error('changes')}
        </div>
      )}
      {errors._form && (
        <p className="status status--error" role="alert" tabIndex={-1}>
          {errors._form}
        </p>
      )}
      <div className="review-form__actions">
        <button type="button" className="btn btn--secondary btn--sm" disabled={saving !== null} onClick={() => void send(false)}>
          {saving === 'draft' ? 'Saving...' : 'Save draft'}
        </button>
        <button type="submit" className="btn btn--primary btn--sm" disabled={saving !== null}>
          {saving === 'release' ? 'Sending...' : 'Release to the learner'}
        </button>
      </div>
    </form>
  );
}

function Detail({ user, id, onReleased }: { user: User; id: string; onReleased: () => void }) {
  const { load, update } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchReview(user, id, signal), [user, id]),
    'This submission could not be loaded.',
  );
  const [note, setNote] = useState<string>();
  if (load.state === 'loading') return <p role="status">Loading the submission...</p>;
  if (load.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {load.message}
      </p>
    );
  const { answer } = load;
  const current = answer.attempts.find((a) => a.id === answer.item.id);
  return (
    <article className="card review-detail" aria-labelledby="review-detail-heading" data-testid="review-detail">
      <h2 id="review-detail-heading">
        {answer.item.learnerName}: {answer.assignment.title}
      </h2>
      <p className="muted">
        {answer.item.offeringName} · attempt {answer.item.attempt} · {current?.receipt}
        {answer.item.late && ' · late'}
      </p>
      <p>{answer.assignment.brief}</p>
      <h3>Attempts</h3>
      <ol className="attempts">
        {answer.attempts.map((a) => (
          <li key={a.id} className="attempt">
            <p className="attempt__head">
              <strong>Attempt {a.attempt}</strong> · {a.receipt}
            </p>
            {a.link && (
              <p>
                Link:{' '}
                <a href={a.link} rel="noopener noreferrer nofollow" target="_blank">
                  {a.link}
                </a>
              </p>
            )}
            {a.text && <p className="attempt__text">{a.text}</p>}
            {a.review && a.id !== answer.item.id && <Review review={a.review} outOf={answer.assignment.outOf} />}
          </li>
        ))}
      </ol>
      {note && (
        <p className="status status--success" role="status">
          {note}
        </p>
      )}
      {answer.review?.releasedAt ? (
        <Review review={answer.review} outOf={answer.assignment.outOf} />
      ) : (
        <ReviewForm
          key={answer.review?.releasedAt ?? 'open'}
          detail={answer}
          user={user}
          onSaved={(next, released) => {
            update(() => next);
            setNote(released ? `Released: ${answer.item.learnerName} has been mailed.` : 'Draft saved. Only reviewers can see it.');
            if (released) onReleased();
          }}
        />
      )}
    </article>
  );
}

function Reviews({ user }: { user: User }) {
  const { load, reload } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchQueue(user, signal), [user]),
    'The review queue could not be loaded. Check your connection, then try again.',
  );
  const [selected, setSelected] = useState<string | null>(null);
  if (load.state === 'loading') return <p role="status">Loading the queue...</p>;
  if (load.state === 'error')
    return load.status === 403 ? (
      <p className="status status--error" role="alert">
        Only instructors and mentors review work. {load.message}
      </p>
    ) : (
      <LoadFailed message={load.message} onRetry={reload} />
    );
  const { items } = load.answer;
  const overdue = items.filter((i) => i.overdue).length;
  return (
    <div className="reviews">
      <section aria-labelledby="queue-heading">
        <h2 id="queue-heading">Waiting for review ({items.length})</h2>
        {overdue > 0 && (
          <p className="status status--error" data-testid="overdue-count">
            {overdue} past the turnaround we promised.
          </p>
        )}
        {items.length === 0 ? (
          <p>Nothing is waiting. Well done.</p>
        ) : (
          <ul className="queue" aria-label="Submissions, oldest first">
            {items.map((item) => (
              <li key={item.id} className={`queue__item${item.overdue ? ' is-overdue' : ''}`} data-testid="queue-item">
                <button
                  type="button"
                  className="queue__open"
                  aria-current={selected === item.id ? 'true' : undefined}
                  onClick={() => setSelected(item.id)}
                >
                  <strong>{item.learnerName}</strong>
                  <span>
                    {item.assignmentTitle} · attempt {item.attempt}
                  </span>
                  <span className="muted">
                    {item.offeringName} · waited {waited(item)} · due {formatIndiaMoment(Date.parse(item.reviewDueAt))}
                  </span>
                  <span className="queue__flags">
                    {item.overdue && <span className="badge badge--late">Overdue</span>}
                    {item.late && <span className="badge">Late work</span>}
                    {item.hasDraft && <span className="badge">Draft saved</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {selected && <Detail key={selected} user={user} id={selected} onReleased={reload} />}
    </div>
  );
}

export default function ReviewsPage() {
  useDocumentMeta('Reviews', 'Submitted work waiting for your review.', { noindex: true });
  const auth = useAuthUser();
  return (
    <section className="section">
      <div className="container">
        <h1>Reviews</h1>
        {auth.status !== 'ready' ? (
          <p role="status">Loading…</p>
        ) : auth.user ? (
          <Reviews user={auth.user} />
        ) : (
          <div className="state">
            <p>User is not logged in.</p>
            <Link className="btn btn--primary" to={paths.login} state={{ from: paths.reviews }}>
              Sign in
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
