import { useId, useState } from 'react';
import type { User } from 'firebase/auth';
import { HANDLED_FILTERS, NOTE_MAX, contactMessagesQuery, type HandledFilter } from '@upskill/domain/staff';
import { Modal } from '../../components/Modal';
import { ApiError } from '../../lib/api';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { formatWhen } from './format';
import { Pager } from './parts';
import { actionFailure, markHandled } from './staffApi';
import { usePagedQuery } from './usePagedQuery';
import { useUrlState } from './useUrlState';

const showFromParams = (params: URLSearchParams): HandledFilter => {
  const raw = params.get('show');
  return HANDLED_FILTERS.includes(raw as HandledFilter) ? (raw as HandledFilter) : 'unhandled';
};
const paramsFromShow = (show: HandledFilter) => new URLSearchParams(show === 'unhandled' ? {} : { show });

const FILTER_LABELS: Record<HandledFilter, string> = { unhandled: 'Unhandled', handled: 'Handled', all: 'All' };

function HandledDialog({ user, id, from, onClose }: { user: User; id: string; from: string; onClose: (message?: string) => void }) {
  const titleId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [working, setWorking] = useState(false);
  return (
    <Modal titleId={titleId} onClose={() => onClose()}>
      <form
        className="staff-dialog"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setWorking(true);
          setError('');
          try {
            await markHandled(() => user.getIdToken(), id, note);
            onClose(`Marked the message from ${from} handled.`);
          } catch (err) {
            setError(err instanceof ApiError && err.fields.note ? err.fields.note : actionFailure(err));
            setWorking(false);
          }
        }}
      >
        <h2 id={titleId}>Mark the message from {from} handled</h2>
        <div className="field">
          <label htmlFor="handled-note">Note (optional: what was done, for the team)</label>
          <textarea
            id="handled-note"
            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'handled-note-error' : undefined}
          />
          {error && (
            <p id="handled-note-error" className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="staff-dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={() => onClose()}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={working} aria-busy={working}>
            Mark handled
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function MessagesView({ user }: { user: User }) {
  useDocumentMeta('Contact messages · Staff console', 'Upskill staff: contact messages.', { noindex: true });
  const [show, setShow] = useUrlState(showFromParams, paramsFromShow);
  const paged = usePagedQuery(contactMessagesQuery(show));
  const [handling, setHandling] = useState<{ id: string; from: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const captionId = useId();
  const legendId = useId();
  return (
    <>
      <h1>Contact messages</h1>
      <div className="staff-segments" role="radiogroup" aria-labelledby={legendId}>
        <span id={legendId} className="staff-segments__label">
          Show
        </span>
        {HANDLED_FILTERS.map((f) => (
          <label key={f} className={f === show ? 'is-active' : undefined}>
            <input type="radio" name="show" value={f} checked={f === show} onChange={() => setShow(f)} />
            {FILTER_LABELS[f]}
          </label>
        ))}
      </div>
      <p role="status" className={announcement ? 'status status--success' : 'visually-hidden'}>
        {announcement}
      </p>
      {paged.status === 'error' && (
        <p className="status status--error" role="alert">
          Could not load messages. You may have lost staff access; reload to check.
        </p>
      )}
      <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="staff-table">
          <caption id={captionId}>
            {FILTER_LABELS[show]} contact messages, page {paged.page}, newest first
          </caption>
          <thead>
            <tr>
              <th scope="col" aria-sort="descending">
                Received
              </th>
              <th scope="col">From</th>
              <th scope="col">Course</th>
              <th scope="col">Message</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {paged.docs.map((m) => {
              const d = m.data();
              const from = d.fullName;
              return (
                <tr key={m.id} data-testid="staff-message">
                  <td>{formatWhen(d.createdAt)}</td>
                  <td>
                    {from}
                    <span className="block muted">{d.email}</span>
                    <span className="block muted">{d.mobile}</span>
                  </td>
                  <td>{d.courseInterest || '—'}</td>
                  <td className="staff-message">{d.message}</td>
                  <td>
                    {d.handled ? (
                      <span>
                        Handled by {d.handledBy ?? 'staff'}, {formatWhen(d.handledAt)}
                        {d.handledNote ? <span className="block muted">{d.handledNote}</span> : null}
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn--secondary btn--sm"
                        onClick={() => setHandling({ id: m.id, from })}
                        aria-label={`Mark the message from ${from} handled`}
                      >
                        Mark handled…
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
            {paged.status === 'success' && paged.docs.length === 0 && (
              <tr>
                <td colSpan={5} className="staff-empty">
                  {show === 'unhandled' ? 'Every message has been handled.' : 'No messages.'}
                </td>
              </tr>
            )}
            {paged.status === 'loading' && (
              <tr>
                <td colSpan={5} className="staff-empty">
                  Loading…
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager
        label="Message pages"
        page={paged.page}
        hasPrevious={paged.hasPrevious}
        hasNext={paged.hasNext}
        onPrevious={paged.previous}
        onNext={paged.next}
      />
      {handling && (
        <HandledDialog
          user={user}
          id={handling.id}
          from={handling.from}
          onClose={(message) => {
            setHandling(null);
            if (message) setAnnouncement(message);
          }}
        />
      )}
    </>
  );
}
