import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { User } from 'firebase/auth';
import type { QaAboutOption, QaQuestionSummary, QaSpaceAnswer, QaSpaceView } from '@upskill/domain/qa';
import { QA_BODY_MAX, QA_ROLE_LABELS, QA_TITLE_MAX, qaPromise } from '@upskill/domain/qa';
import { paths, qaQuestionPath } from '../../config/paths';
import { failureMessage, fieldErrorsOf } from '../../lib/api';
import { useApiLoad } from '../../lib/useApiLoad';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useAuthUser } from '../auth';
import { askQuestion, fetchSpace, fetchSpaces } from './api';
import { AnswerQueue } from './AnswerQueue';
import './qa.css';

type Load<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; answer: T };
const asked = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

function QuestionRow({ q }: { q: QaQuestionSummary }) {
  return (
    <li className="qa-row" data-testid="qa-question">
      <Link to={qaQuestionPath(q.id)} className="qa-row__title">
        {q.title}
      </Link>
      <p className="qa-row__meta muted">
        {q.authorName}
        {q.authorRole !== 'learner' ? ` (${QA_ROLE_LABELS[q.authorRole]})` : ''} · {asked.format(new Date(q.createdAt))} ·{' '}
        {q.answerCount === 1 ? '1 answer' : `${q.answerCount} answers`} · {q.votes === 1 ? '1 vote' : `${q.votes} votes`}
        {q.accepted ? (
          <span className="badge qa-badge--accepted">Answered</span>
        ) : q.answered ? null : (
          <span className="badge qa-badge--waiting">Awaiting a mentor</span>
        )}
      </p>
    </li>
  );
}

/** Ask in this space: a title, a body in Markdown; similar questions are suggested from the title as it is typed. */
function AskForm({ user, space, priority, about }: { user: User; space: QaSpaceView; priority: boolean; about: QaAboutOption[] }) {
  const [title, setTitle] = useState('');
  const [pointsTo, setPointsTo] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [similar, setSimilar] = useState<QaQuestionSummary[]>([]);
  const form = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const ids = { title: useId(), body: useId(), about: useId(), similar: useId(), form: useId() };

  // The title's two longest words, a moment after typing stops: the space's questions that hold both.
  useEffect(() => {
    const words = (title.toLowerCase().match(/[a-z0-9+#]{4,}/g) ?? []).sort((a, b) => b.length - a.length).slice(0, 2);
    if (words.length === 0) return setSimilar([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSpace(user, space.id, { q: words.join(' ') }, controller.signal).then(
        (answer) => setSimilar(answer.questions.slice(0, 3)),
        () => undefined,
      );
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [title, user, space.id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = { title, body, ...(pointsTo ? { about: pointsTo } : {}) };
    const found = await (await import('./validate')).questionErrors(sent);
    flushSync(() => setErrors(found));
    if (Object.keys(found).length) {
      form.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
      return;
    }
    setSending(true);
    try {
      const made = await askQuestion(user, space.id, sent);
      navigate(qaQuestionPath(made.id), { state: { asked: true } });
    } catch (err) {
      flushSync(() => setErrors(fieldErrorsOf(err, 'We could not reach the server. Nothing was posted; please try again.')));
      (
        form.current?.querySelector<HTMLElement>('[aria-invalid=true]') ?? form.current?.querySelector<HTMLElement>('[role=alert]')
      )?.focus();
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={form} className="qa-form card" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${ids.form}-h`}>
      <h2 id={`${ids.form}-h`}>Ask a question</h2>
      <div className="field">
        <label htmlFor={ids.title}>Title</label>
        <input
          id={ids.title}
          className="input"
          value={title}
          maxLength={QA_TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={
            [errors.title ? `${ids.title}-e` : '', similar.length ? ids.similar : ''].filter(Boolean).join(' ') || undefined
          }
        />
        {errors.title && (
          <span id={`${ids.title}-e`} className="field__error">
            {errors.title}
          </span>
        )}
      </div>
      {similar.length > 0 && (
        <div id={ids.similar} className="qa-similar" data-testid="qa-similar">
          <p>Asked before, and maybe answered:</p>
          <ul>
            {similar.map((q) => (
              <li key={q.id}>
                <Link to={qaQuestionPath(q.id)}>{q.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="field">
        <label htmlFor={ids.body}>Your question</label>
        <textarea
          id={ids.body}
          className="input qa-form__body"
          rows={8}
          maxLength={QA_BODY_MAX}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`${ids.body}-h${errors.body ? ` ${ids.body}-e` : ''}`}
        />
        <span id={`${ids.body}-h`} className="field__hint">
          Markdown works: **bold**, `code`, and code blocks between ``` lines. {body.length.toLocaleString('en-IN')} of{' '}
          {QA_BODY_MAX.toLocaleString('en-IN')} characters.
        </span>
        {errors.body && (
          <span id={`${ids.body}-e`} className="field__error">
            {errors.body}
          </span>
        )}
      </div>
      {about.length > 0 && (
        <div className="field">
          <label htmlFor={ids.about}>About a class or an assignment (optional)</label>
          <select
            id={ids.about}
            className="input"
            value={pointsTo}
            onChange={(e) => setPointsTo(e.target.value)}
            aria-invalid={errors.about ? true : undefined}
            aria-describedby={errors.about ? `${ids.about}-e` : undefined}
          >
            <option value="">Neither</option>
            {about.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {errors.about && (
            <span id={`${ids.about}-e`} className="field__error">
              {errors.about}
            </span>
          )}
        </div>
      )}
      {errors._form && (
        <p className="status status--error" role="alert" tabIndex={-1}>
          {errors._form}
        </p>
      )}
      <p className="muted">
        {space.role === 'learner'
          ? `A mentor or instructor answers within ${qaPromise(priority)}${priority ? ' (your plan’s priority)' : ''}. You are mailed each answer.`
          : 'You are mailed each answer.'}
      </p>
      <button type="submit" className="btn btn--primary" disabled={sending}>
        {sending ? 'Posting...' : 'Post question'}
      </button>
    </form>
  );
}

function Space({ user, space, priority }: { user: User; space: QaSpaceView; priority: boolean }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  // The list answered for `for`: while a new search runs, the last one stays, marked as loading.
  const [load, setLoad] = useState<Load<QaSpaceAnswer> & { for?: string }>({ state: 'loading' });
  const [more, setMore] = useState(false);
  // The ask form's classes and assignments: they come with the first page of the unsearched list.
  const [about, setAbout] = useState<QaAboutOption[]>([]);
  const searchId = useId();
  useEffect(() => {
    const controller = new AbortController();
    fetchSpace(user, space.id, { q }, controller.signal).then(
      (answer) => {
        setLoad({ state: 'done', answer, for: q });
        if (!q) setAbout(answer.about);
      },
      (err: unknown) =>
        !controller.signal.aborted && setLoad({ state: 'error', message: failureMessage(err, 'The questions could not be loaded.') }),
    );
    return () => controller.abort();
  }, [user, space.id, q]);
  const loadMore = () => {
    if (load.state !== 'done' || !load.answer.next) return;
    setMore(true);
    fetchSpace(user, space.id, { q, after: load.answer.next })
      .then((next) =>
        setLoad((current) =>
          current.state === 'done'
            ? { ...current, answer: { ...next, questions: [...current.answer.questions, ...next.questions] } }
            : current,
        ),
      )
      .catch(() => undefined)
      .finally(() => setMore(false));
  };
  return (
    <div className="qa-space">
      <form
        role="search"
        className="qa-search"
        onSubmit={(e) => {
          e.preventDefault();
          const next = new URLSearchParams(params);
          if (search.trim()) next.set('q', search.trim());
          else next.delete('q');
          setParams(next);
        }}
      >
        <label htmlFor={searchId}>Search {space.name}</label>
        <input id={searchId} className="input" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <button type="submit" className="btn btn--secondary btn--sm">
          Search
        </button>
      </form>
      {(load.state === 'loading' || (load.state === 'done' && load.for !== q)) && <p role="status">Loading questions...</p>}
      {load.state === 'error' && (
        <p className="status status--error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'done' &&
        (load.answer.questions.length === 0 ? (
          <p className="muted">{q ? `No question here matches “${q}”.` : 'No questions yet: ask the first.'}</p>
        ) : (
          <>
            <ul className="qa-list" aria-label={`Questions in ${space.name}`}>
              {load.answer.questions.map((question) => (
                <QuestionRow key={question.id} q={question} />
              ))}
            </ul>
            {load.answer.next && (
              <button type="button" className="btn btn--secondary btn--sm" onClick={loadMore} disabled={more}>
                {more ? 'Loading...' : 'More questions'}
              </button>
            )}
          </>
        ))}
      <AskForm key={space.id} user={user} space={space} priority={priority} about={about} />
    </div>
  );
}

function Forum({ user }: { user: User }) {
  const { load } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchSpaces(user, signal), [user]),
    'Your spaces could not be loaded.',
  );
  const [params, setParams] = useSearchParams();
  const pickId = useId();
  if (load.state === 'loading') return <p role="status">Loading your spaces...</p>;
  if (load.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {load.message}
      </p>
    );
  const { spaces, priority } = load.answer;
  if (spaces.length === 0)
    return (
      <div className="state">
        <p>The Q&amp;A forum opens with a course: each course and each batch has its own space for questions to mentors.</p>
        <Link className="btn btn--primary" to={paths.courses}>
          Browse courses
        </Link>
      </div>
    );
  const current = spaces.find((s) => s.id === params.get('space')) ?? spaces[0];
  const serves = spaces.some((s) => s.role !== 'learner');
  return (
    <>
      {serves && <AnswerQueue user={user} />}
      <div className="qa-pick">
        <label htmlFor={pickId}>Space</label>
        <select
          id={pickId}
          className="input"
          value={current.id}
          onChange={(e) => setParams(new URLSearchParams({ space: e.target.value }))}
        >
          {spaces.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
              {s.role !== 'learner' ? ` (${QA_ROLE_LABELS[s.role]})` : ''}
            </option>
          ))}
        </select>
      </div>
      <Space key={current.id} user={user} space={current} priority={priority} />
    </>
  );
}

/** /qa: the mentor Q&A forum, a space per course and per batch. Signed in only, and never indexed. */
export default function QaPage() {
  useDocumentMeta('Q&A forum', 'Ask your mentors and instructors.', { noindex: true });
  const auth = useAuthUser();
  return (
    <section className="section">
      <div className="container qa">
        <h1>Q&amp;A forum</h1>
        {auth.status !== 'ready' ? (
          <p role="status">Loading…</p>
        ) : auth.user ? (
          <Forum user={auth.user} />
        ) : (
          <div className="state">
            <p>Sign in to ask your mentors.</p>
            <Link className="btn btn--primary" to={paths.login} state={{ from: paths.qa }}>
              Sign in
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
