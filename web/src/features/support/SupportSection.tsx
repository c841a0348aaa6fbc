import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { SupportAnswer, SupportRequestView } from '@upskill/domain/support';
import {
  MAX_SUPPORT_MESSAGE_CHARS,
  SUPPORT_STATE_LABELS,
  SUPPORT_TOPICS,
  SUPPORT_TOPIC_LABELS,
  type SupportTopic,
} from '@upskill/domain/support';
import { formatIndiaMoment } from '@upskill/domain/assignments';
import { fieldErrorsOf, newIdempotencyKey } from '../../lib/api';
import { useApiLoad } from '../../lib/useApiLoad';
import { fetchSupport, openSupportRequest, writeSupportMessage, type Signed } from './api';
import './support.css';

const when = (iso: string) => formatIndiaMoment(Date.parse(iso));

/** The learner writes again in a request: it goes back to the team, with a new promise. */
function ReplyForm({ request, user, onSent }: { request: SupportRequestView; user: Signed; onSent: (next: SupportRequestView) => void }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found = await (await import('./validate')).messageErrors({ message });
    if (found.message) {
      flushSync(() => setError(found.message));
      field.current?.focus();
      return;
    }
    setSending(true);
    try {
      onSent(await writeSupportMessage(user, request.id, { message }));
      setMessage('');
      setError(undefined);
    } catch (err) {
      const fields = fieldErrorsOf(err, 'We could not reach the server. Nothing was sent; please try again.');
      flushSync(() => setError(fields.message ?? fields._form));
      field.current?.focus();
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="support-reply" noValidate onSubmit={(e) => void send(e)} aria-label={`Write in ${request.reference}`}>
      <label htmlFor={id}>{request.state === 'closed' ? 'Write again (this reopens the request)' : 'Write a message'}</label>
      <textarea
        ref={field}
        id={id}
        className="input"
        rows={3}
        maxLength={MAX_SUPPORT_MESSAGE_CHARS}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined}
      />
      {error && (
        <span id={`${id}-e`} className="field__error">
          {error}
        </span>
      )}
      <button type="submit" className="btn btn--secondary btn--sm" disabled={sending}>
        {sending ? 'Sending...' : 'Send'}
      </button>
    </form>
  );
}

function RequestItem({
  request,
  user,
  onChange,
}: {
  request: SupportRequestView;
  user: Signed;
  onChange: (next: SupportRequestView) => void;
}) {
  const headingId = `support-${request.id}`;
  return (
    <li className="support-request" data-testid="support-request" aria-labelledby={headingId}>
      <div className="support-request__head">
        <h4 id={headingId}>
          {request.reference} · {SUPPORT_TOPIC_LABELS[request.topic]}
        </h4>
        <span className={`badge support-state--${request.state}`} data-testid="support-state">
          {SUPPORT_STATE_LABELS[request.state]}
        </span>
      </div>
      {request.enrollmentLabel && <p className="muted">About: {request.enrollmentLabel}</p>}
      {request.state === 'open' && (
        <p className="support-request__due">
          We answer within {request.promise}: by {when(request.dueAt)}.
        </p>
      )}
      <ol className="support-thread" aria-label={`Conversation in ${request.reference}`}>
        {request.thread.map((m, i) => (
          <li key={i} className={`support-message support-message--${m.from}`}>
            <p className="support-message__meta">
              <strong>{m.from === 'staff' ? `Upskill support: ${m.name}` : 'You'}</strong> · {when(m.at)}
            </p>
            {/* Shown as text: React escapes it, and white-space keeps its lines. */}
            <p className="support-message__body">{m.body}</p>
          </li>
        ))}
      </ol>
      <ReplyForm request={request} user={user} onSent={onChange} />
    </li>
  );
}

/** A new request: a topic (no default: the learner says what it is about), an optional enrollment, a message. */
function NewRequest({ answer, user, onOpened }: { answer: SupportAnswer; user: Signed; onOpened: (request: SupportRequestView) => void }) {
  const [topic, setTopic] = useState<SupportTopic | ''>('');
  const [enrollmentId, setEnrollmentId] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  // One key per request being written: a resend after a lost answer is the same request.
  const key = useRef(newIdempotencyKey());
  const form = useRef<HTMLFormElement>(null);
  const ids = { topic: useId(), enrollment: useId(), message: useId(), form: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { topic: topic || undefined, message, ...(enrollmentId ? { enrollmentId } : {}) };
    const found = await (await import('./validate')).requestErrors(body);
    flushSync(() => setErrors(found));
    if (Object.keys(found).length > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
      return;
    }
    setSending(true);
    try {
      const request = await openSupportRequest(
        user,
        { topic: topic as SupportTopic, message, ...(enrollmentId ? { enrollmentId } : {}) },
        key.current,
      );
      key.current = newIdempotencyKey();
      setTopic('');
      setEnrollmentId('');
      setMessage('');
      onOpened(request);
    } catch (err) {
      flushSync(() => setErrors(fieldErrorsOf(err, 'We could not reach the server. Nothing was sent; please try again.')));
      // The first field the server named, else the form's own error line.
      (
        form.current?.querySelector<HTMLElement>('[aria-invalid=true]') ?? form.current?.querySelector<HTMLElement>('[role=alert]')
      )?.focus();
    } finally {
      setSending(false);
    }
  };

  const described = (name: string) => (errors[name] ? `${ids[name as keyof typeof ids]}-e` : undefined);
  return (
    <form ref={form} className="support-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="support-new-heading">
      <h3 id="support-new-heading">Ask for help</h3>
      <div className="field">
        <label htmlFor={ids.topic}>What is it about?</label>
        <select
          id={ids.topic}
          className="input"
          value={topic}
          onChange={(e) => setTopic(e.target.value as SupportTopic | '')}
          aria-invalid={errors.topic ? true : undefined}
          aria-describedby={described('topic')}
        >
          <option value="">Choose a topic</option>
          {SUPPORT_TOPICS.map((t) => (
            <option key={t} value={t}>
              {SUPPORT_TOPIC_LABELS[t]}
            </option>
          ))}
        </select>
        {errors.topic && (
          <span id={`${ids.topic}-e`} className="field__error">
            {errors.topic}
          </span>
        )}
      </div>
      {answer.enrollments.length > 0 && (
        <div className="field">
          <label htmlFor={ids.enrollment}>Which enrollment? (optional)</label>
          <select
            id={ids.enrollment}
            className="input"
            value={enrollmentId}
            onChange={(e) => setEnrollmentId(e.target.value)}
            aria-invalid={errors.enrollmentId ? true : undefined}
            aria-describedby={errors.enrollmentId ? `${ids.enrollment}-e` : undefined}
          >
            <option value="">Not about one enrollment</option>
            {answer.enrollments.map((e) => (
              <option key={e.id} value={e.id}>
                {e.label}
              </option>
            ))}
          </select>
          {errors.enrollmentId && (
            <span id={`${ids.enrollment}-e`} className="field__error">
              {errors.enrollmentId}
            </span>
          )}
        </div>
      )}
      <div className="field">
        <label htmlFor={ids.message}>Your message</label>
        <textarea
          id={ids.message}
          className="input"
          rows={5}
          maxLength={MAX_SUPPORT_MESSAGE_CHARS}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={described('message')}
        />
        <span className="field__hint">
          {message.length.toLocaleString('en-IN')} of {MAX_SUPPORT_MESSAGE_CHARS.toLocaleString('en-IN')} characters
        </span>
        {errors.message && (
          <span id={`${ids.message}-e`} className="field__error">
            {errors.message}
          </span>
        )}
      </div>
      {(errors._form || errors._unknown) && (
        <p id={`${ids.form}-e`} className="status status--error" role="alert" tabIndex={-1}>
          {errors._form ?? errors._unknown}
        </p>
      )}
      <p className="muted">
        We answer within {answer.promise} (India time, 09:00 to 18:00, Monday to Saturday), here and by e-mail.
        {answer.tier === 'priority' ? ' Your Elite Learning Membership gives you priority support.' : ''}
      </p>
      <button type="submit" className="btn btn--primary btn--sm" disabled={sending}>
        {sending ? 'Sending...' : 'Send request'}
      </button>
    </form>
  );
}

/** My Courses' help and support: the learner's requests with their conversations, and a new one. */
export default function SupportSection({ user }: { user: Signed }) {
  const { load, update } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchSupport(user, signal), [user]),
    'Your support requests could not be loaded.',
  );
  const [notice, setNotice] = useState<string>();
  const replace = useCallback(
    (next: SupportRequestView) => update((answer) => ({ ...answer, requests: [next, ...answer.requests.filter((r) => r.id !== next.id)] })),
    [update],
  );

  if (load.state === 'loading') return <p role="status">Loading your support requests...</p>;
  if (load.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {load.message}
      </p>
    );
  const { answer } = load;
  return (
    <div className="support" data-testid="support-section">
      {notice && (
        <p className="status status--success" role="status" data-testid="support-notice">
          {notice}
        </p>
      )}
      <h3>Your requests</h3>
      {answer.requests.length === 0 ? (
        <p className="muted">You have not asked us anything yet.</p>
      ) : (
        <ul className="support-requests" aria-label="Your support requests">
          {answer.requests.map((r) => (
            <RequestItem key={r.id} request={r} user={user} onChange={replace} />
          ))}
        </ul>
      )}
      <NewRequest
        answer={answer}
        user={user}
        onOpened={(request) => {
          replace(request);
          setNotice(`Request ${request.reference} is in. We answer by ${when(request.dueAt)}, here and by e-mail.`);
        }}
      />
    </div>
  );
}
