import { useCallback, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { paths } from '../../config/paths';
import { ApiError, failureMessage } from '../../lib/api';
import { useApiLoad } from '../../lib/useApiLoad';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useAuthUser } from '../auth';
import { acceptAnswer, fetchQuestion, setFollowing } from './api';
import { AnswerForm, AnswerItem, Body, Byline, PostActions, when } from './QuestionPosts';
import './qa.css';

const couldNotLoad = (err: unknown) =>
  err instanceof ApiError && err.status === 404
    ? 'This question does not exist, or is in a space you are not part of.'
    : failureMessage(err, 'The question could not be loaded.');

function Question({ user, id }: { user: User; id: string }) {
  const { load, reload } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchQuestion(user, id, signal), [user, id]),
    couldNotLoad,
  );
  const [notice, setNotice] = useState<string>();
  const [params] = useSearchParams();
  const location = useLocation();
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
