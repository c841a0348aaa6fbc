import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import type { User } from 'firebase/auth';
import type { QaAnswerView, QaPostView, QaQuestionAnswer } from '@upskill/domain/qaApi';
import { QA_BODY_MAX, QA_ROLE_LABELS } from '@upskill/domain/qa';
import { formatIndiaMoment } from '@upskill/domain/assignmentTerms';
import { paths } from '../../config/paths';
import { ApiError, failureMessage } from '../../lib/api';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useAuthUser } from '../auth';
import { acceptAnswer, deletePost, editPost, fetchQuestion, postAnswer, reportPost, setFollowing, vote } from './api';
import './qa.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; answer: QaQuestionAnswer };
const when = (iso: string) => formatIndiaMoment(Date.parse(iso));

/** A post's byline and its upvote (a toggle, shown pressed once the reader has voted). */
function Byline({ post, user, label }: { post: QaPostView; user: User; label: string }) {
  const [votes, setVotes] = useState({ count: post.votes, voted: post.voted });
  const [busy, setBusy] = useState(false);
  return (
    <div className="qa-post__meta">
      <span>
        <strong>{post.authorName}</strong>
        {post.authorRole !== 'learner' && (
          <span className={`badge qa-role qa-role--${post.authorRole}`}>{QA_ROLE_LABELS[post.authorRole]}</span>
        )}{' '}
        · {when(post.createdAt)}
        {post.edited && !post.deleted && <span className="muted"> · edited</span>}
      </span>
      {!post.mine && (
        <button
          type="button"
          className="btn btn--ghost btn--sm qa-vote"
          aria-pressed={votes.voted}
          aria-label={`Upvote ${label} (${votes.count} ${votes.count === 1 ? 'vote' : 'votes'})`}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            vote(user, post.id, !votes.voted)
              .then((next) => setVotes({ count: next.votes, voted: next.voted }))
              .catch(() => undefined)
              .finally(() => setBusy(false));
          }}
        >
          ▲ {votes.count}
        </button>
      )}
      {post.mine && <span className="muted">{votes.count === 1 ? '1 vote' : `${votes.count} votes`}</span>}
    </div>
  );
}

/** The post's HTML: rendered from its Markdown and sanitised by the server (functions/src/qa/markdown.ts). */
const Body = ({ post }: { post: QaPostView }) =>
  post.deleted ? (
    <p className="qa-post__deleted">Deleted by author</p>
  ) : (
    <div className="qa-post__body" dangerouslySetInnerHTML={{ __html: post.html }} />
  );

/** Under a post: its author edits or deletes it; anyone else reports it, saying why. */
function PostActions({
  post,
  user,
  title,
  onChanged,
}: {
  post: QaPostView;
  user: User;
  title?: string;
  onChanged: (note: string) => void;
}) {
  const [mode, setMode] = useState<'idle' | 'edit' | 'delete' | 'report'>('idle');
  const [text, setText] = useState('');
  const [newTitle, setNewTitle] = useState(title ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ids = { text: useId(), title: useId() };
  if (post.deleted) return null;
  const run = (work: Promise<unknown>, note: string) => {
    setBusy(true);
    setError(undefined);
    work.then(
      () => {
        setBusy(false);
        setMode('idle');
        onChanged(note);
      },
      (err: unknown) => {
        const fields = err instanceof ApiError ? err.fields : {};
        setError(fields.body ?? fields.title ?? fields.reason ?? failureMessage(err, 'That did not reach the server; try again.'));
        setBusy(false);
      },
    );
  };
  if (mode === 'idle')
    return (
      <div className="qa-post__actions">
        {post.mine ? (
          <>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => {
                setText(post.source);
                setMode('edit');
              }}
            >
              Edit
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setMode('delete')}>
              Delete
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => {
              setText('');
              setMode('report');
            }}
          >
            Report
          </button>
        )}
      </div>
    );
  if (mode === 'delete')
    return (
      <div className="qa-post__actions" role="group" aria-label="Delete this post?">
        <span>Delete this post? Its text goes; it shows as “Deleted by author”.</span>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={busy}
          onClick={() => run(deletePost(user, post.id), 'Your post is deleted.')}
        >
          Yes, delete
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setMode('idle')}>
          Cancel
        </button>
        {error && (
          <span className="field__error" role="alert">
            {error}
          </span>
        )}
      </div>
    );
  const editing = mode === 'edit';
  return (
    <form
      className="qa-post__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (editing)
          run(editPost(user, post.id, { ...(title !== undefined ? { title: newTitle } : {}), body: text }), 'Your post is updated.');
        else run(reportPost(user, post.id, text), 'Thank you: the team will look at it.');
      }}
    >
      {editing && title !== undefined && (
        <>
          <label htmlFor={ids.title}>Title</label>
          <input id={ids.title} className="input" value={newTitle} onChange={(e) => setNewTitle(e.target.value)} />
        </>
      )}
      <label htmlFor={ids.text}>{editing ? 'Your post (Markdown)' : 'What is wrong with it?'}</label>
      <textarea
        id={ids.text}
        className="input"
        rows={editing ? 6 : 3}
        maxLength={editing ? QA_BODY_MAX : 500}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids.text}-e` : undefined}
      />
      {error && (
        <span id={`${ids.text}-e`} className="field__error" role="alert">
          {error}
        </span>
      )}
      <div className="qa-post__actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy}>
          {editing ? 'Save' : 'Send report'}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setMode('idle')}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function AnswerItem({
  answer,
  user,
  mayAccept,
  onAccept,
  onChanged,
}: {
  answer: QaAnswerView;
  user: User;
  mayAccept: boolean;
  onAccept: (id: string) => Promise<void>;
  onChanged: (note: string) => void;
}) {
  const [error, setError] = useState<string>();
  return (
    <li className={`qa-post qa-answer${answer.accepted ? ' is-accepted' : ''}`} data-testid="qa-answer">
      {answer.accepted && <p className="qa-answer__accepted">Accepted answer</p>}
      <Byline post={answer} user={user} label={`${answer.authorName}’s answer`} />
      <Body post={answer} />
      <PostActions post={answer} user={user} onChanged={onChanged} />
      {mayAccept && !answer.accepted && !answer.deleted && (
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() =>
            onAccept(answer.id).catch((err: unknown) => setError(failureMessage(err, 'That did not reach the server; try again.')))
          }
        >
          Accept this answer
        </button>
      )}
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function AnswerForm({ user, questionId, onPosted }: { user: User; questionId: string; onPosted: () => void }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = await (await import('./validate')).answerErrors({ body });
    if (found.body) {
      flushSync(() => setError(found.body));
      field.current?.focus();
      return;
    }
    setSending(true);
    try {
      await postAnswer(user, questionId, { body });
      setBody('');
      setError(undefined);
      onPosted();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      flushSync(() => setError(fields.body ?? failureMessage(err, 'We could not reach the server. Nothing was posted; please try again.')));
      field.current?.focus();
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="qa-form card" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Your answer</h2>
      <label htmlFor={id} className="visually-hidden">
        Your answer
      </label>
      <textarea
        ref={field}
        id={id}
        className="input qa-form__body"
        rows={6}
        maxLength={QA_BODY_MAX}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-e` : ''}`}
      />
      <span id={`${id}-hint`} className="field__hint">
        Markdown works: **bold**, `code`, and code blocks between ``` lines.
      </span>
      {error && (
        <span id={`${id}-e`} className="field__error">
          {error}
        </span>
      )}
      <button type="submit" className="btn btn--primary" disabled={sending}>
        {sending ? 'Posting...' : 'Post answer'}
      </button>
    </form>
  );
}

function Question({ user, id }: { user: User; id: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [params] = useSearchParams();
  const location = useLocation();
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    fetchQuestion(user, id, controller.signal).then(
      (answer) => setLoad({ state: 'done', answer }),
      (err: unknown) =>
        !controller.signal.aborted &&
        setLoad({
          state: 'error',
          message:
            err instanceof ApiError && err.status === 404
              ? 'This question does not exist, or is in a space you are not part of.'
              : failureMessage(err, 'The question could not be loaded.'),
        }),
    );
    return () => controller.abort();
  }, [user, id, version]);
  useDocumentMeta(load.state === 'done' ? `${load.answer.question.title} · Q&A` : 'Q&A forum', 'A question to Upskill’s mentors.', {
    noindex: true,
  });
  if (load.state === 'loading') return <p role="status">Loading the question...</p>;
  if (load.state === 'error')
    return (
      <div className="state">
        <p className="status status--error" role="alert">
          {load.message}
        </p>
        <Link to={paths.qa}>Back to the Q&amp;A forum</Link>
      </div>
    );
  const { question, answers, space, following, mayAccept } = load.answer;
  const unfollowed = params.get('unfollowed');
  return (
    <>
      <p className="qa-crumbs">
        <Link to={`${paths.qa}?space=${encodeURIComponent(space.id)}`}>{space.name}</Link>
      </p>
      {unfollowed === '1' && (
        <p className="status status--success" role="status">
          You will no longer get mail about new answers to this question.
        </p>
      )}
      {unfollowed === '0' && (
        <p className="status status--error" role="status">
          That link did not work. Use Stop following below instead.
        </p>
      )}
      {(location.state as { asked?: boolean } | null)?.asked && !question.answered && (
        <p className="status status--success" role="status" data-testid="qa-asked">
          Your question is posted. A mentor or instructor answers within {question.promise}: by {when(question.dueAt)}. We mail you each
          answer.
        </p>
      )}
      {notice && (
        <p className="status status--success" role="status">
          {notice}
        </p>
      )}
      <article className="qa-post qa-question card" aria-labelledby="qa-title">
        <h1 id="qa-title">{question.title}</h1>
        <Byline post={question} user={user} label="this question" />
        {question.about && (
          <p className="qa-about muted" data-testid="qa-about">
            About {question.about.kind === 'session' ? 'the class' : 'the assignment'}: {question.about.label}
          </p>
        )}
        <Body post={question} />
        <PostActions
          post={question}
          user={user}
          title={question.title}
          onChanged={(note) => {
            setNotice(note);
            reload();
          }}
        />
        <p className="qa-question__state" data-testid="qa-state">
          {question.acceptedAnswerId
            ? 'Answered: an answer is accepted.'
            : question.answered
              ? 'A mentor or instructor has answered.'
              : `Awaiting a mentor or instructor: promised within ${question.promise}, by ${when(question.dueAt)}.`}
        </p>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() =>
            setFollowing(user, question.id, !following).then(
              (next) => {
                setNotice(next.following ? 'You are mailed each new answer.' : 'You will no longer get mail about new answers.');
                reload();
              },
              () => undefined,
            )
          }
        >
          {following ? 'Stop following' : 'Follow: mail me new answers'}
        </button>
      </article>
      <section aria-labelledby="qa-answers-h">
        <h2 id="qa-answers-h">{answers.length === 1 ? '1 answer' : `${answers.length} answers`}</h2>
        <ol className="qa-answers">
          {answers.map((a) => (
            <AnswerItem
              key={`${a.id}-${a.accepted}`}
              answer={a}
              user={user}
              mayAccept={mayAccept}
              onAccept={async (answerId) => {
                await acceptAnswer(user, question.id, answerId);
                setNotice('The answer is accepted: the question shows as answered.');
                reload();
              }}
              onChanged={(note) => {
                setNotice(note);
                reload();
              }}
            />
          ))}
        </ol>
      </section>
      <AnswerForm user={user} questionId={question.id} onPosted={reload} />
    </>
  );
}

/** /qa/questions/{id}: one question with its answers. Signed in only, and never indexed. */
export default function QuestionPage() {
  const { id = '' } = useParams();
  const auth = useAuthUser();
  return (
    <section className="section">
      <div className="container qa">
        {auth.status !== 'ready' ? (
          <p role="status">Loading…</p>
        ) : auth.user ? (
          <Question key={id} user={auth.user} id={id} />
        ) : (
          <div className="state">
            <h1>Q&amp;A forum</h1>
            <p>Sign in to read this question.</p>
            <Link className="btn btn--primary" to={paths.login} state={{ from: `/qa/questions/${encodeURIComponent(id)}` }}>
              Sign in
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
