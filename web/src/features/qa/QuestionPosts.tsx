import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { User } from 'firebase/auth';
import type { QaAnswerView, QaPostView } from '@upskill/domain/qa';
import { QA_BODY_MAX, QA_ROLE_LABELS } from '@upskill/domain/qa';
import { formatIndiaMoment } from '@upskill/domain/assignments';
import { failureMessage, fieldsOf } from '../../lib/api';
import { deletePost, editPost, postAnswer, reportPost, vote } from './api';

// A Q&A question's posts: who wrote each and when, its Markdown body, what its reader may do, and the answer form.

export const when = (iso: string) => formatIndiaMoment(Date.parse(iso));

/** A post's byline and its upvote (a toggle, shown pressed once the reader has voted). */
export function Byline({ post, user, label }: { post: QaPostView; user: User; label: string }) {
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
export const Body = ({ post }: { post: QaPostView }) =>
  post.deleted ? (
    <p className="qa-post__deleted">Deleted by author</p>
  ) : (
    <div className="qa-post__body" dangerouslySetInnerHTML={{ __html: post.html }} />
  );

/** Under a post: its author edits or deletes it; anyone else reports it, saying why. */
export function PostActions({
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
        const fields = fieldsOf(err);
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

export function AnswerItem({
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

export function AnswerForm({ user, questionId, onPosted }: { user: User; questionId: string; onPosted: () => void }) {
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
      const fields = fieldsOf(err);
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
