import { useId, useState } from 'react';
import type { User } from 'firebase/auth';
import type { SeatOrderView, TeamSeatView } from '@upskill/domain/organisations';
import { failureMessage, fieldErrorsOf } from '../../lib/api';
import { reassignSeat, removeMember, revokeSeat } from './api';

const day = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(iso))
    : '—';
const STATE_LABELS: Record<TeamSeatView['state'], string> = {
  unassigned: 'Unassigned',
  invited: 'Invited',
  claimed: 'Learning',
  ended: 'Removed',
  lapsed: 'Lapsed',
};

/** What can be done with one seat: revoke or reassign an invitation, revoke a code, remove a member. */
function SeatActions({
  user,
  org,
  seat,
  onChanged,
}: {
  user: User;
  org: string;
  seat: TeamSeatView;
  onChanged: (next: SeatOrderView, note: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const who = seat.name ?? seat.email ?? (seat.code ? `code ${seat.code}` : 'this seat');
  const run = async (action: () => Promise<SeatOrderView>, note: string) => {
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await action(), note);
    } catch (err) {
      setError(
        fieldErrorsOf(err, 'We could not reach the server. Nothing changed.').email ??
          failureMessage(err, 'We could not reach the server. Nothing changed.'),
      );
    } finally {
      setBusy(false);
    }
  };
  if (seat.state === 'claimed')
    return (
      <>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={busy}
          onClick={() => {
            if (window.confirm(`Remove ${who}? Their access from this seat ends, and the seat is not given back.`))
              void run(() => removeMember(user, org, seat.id), `${who} was removed; their access from the seat has ended.`);
          }}
        >
          Remove
        </button>
        {error && <span className="field__error">{error}</span>}
      </>
    );
  if (seat.state !== 'invited') return null;
  return (
    <div className="team-seat-actions">
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        disabled={busy}
        onClick={() => void run(() => revokeSeat(user, org, seat.id), `The invitation to ${who} was withdrawn.`)}
      >
        Revoke
      </button>
      {seat.via === 'invitation' && (
        <button type="button" className="btn btn--secondary btn--sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          Reassign
        </button>
      )}
      {open && (
        <form
          className="team-reassign"
          noValidate
          aria-label={`Reassign ${who}'s seat`}
          onSubmit={(e) => {
            e.preventDefault();
            if (!email.trim()) return setError('Give the new address.');
            void run(() => reassignSeat(user, org, seat.id, email.trim()), `The seat now goes to ${email.trim()}; they have been mailed.`);
          }}
        >
          <label htmlFor={`${id}-email`}>New address</label>
          <input
            id={`${id}-email`}
            className="input"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
          <button type="submit" className="btn btn--primary btn--sm" disabled={busy}>
            Send
          </button>
        </form>
      )}
      {error && (
        <span className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** Everyone a seat was handed to, with their learning: attendance, assignments, certificates. */
export function Members({
  user,
  org,
  seats,
  onChanged,
}: {
  user: User;
  org: string;
  seats: TeamSeatView[];
  onChanged: (next: SeatOrderView, note: string) => void;
}) {
  if (seats.length === 0) return <p>No seat has been handed out yet.</p>;
  return (
    <div className="table-scroll" role="region" aria-label="Members and their learning" tabIndex={0}>
      <table className="team-members">
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Seat</th>
            <th scope="col">Classes attended</th>
            <th scope="col">Last class</th>
            <th scope="col">Assignments passed</th>
            <th scope="col">Certificates</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {seats.map((s) => (
            <tr key={s.id} data-testid="team-member">
              <th scope="row">
                {s.name ?? s.email ?? (s.code ? <code>{`${s.code.slice(0, 5)}-${s.code.slice(5)}`}</code> : 'Campus link')}
                {s.name && s.email && <span className="muted team-members__email">{s.email}</span>}
              </th>
              <td>
                {STATE_LABELS[s.state]}
                {s.state === 'invited' && s.via === 'code' && s.codeExpiresAt && (
                  <span className="muted"> (code until {day(s.codeExpiresAt)})</span>
                )}
              </td>
              <td>{s.progress ? `${s.progress.attended} of ${s.progress.held}` : '—'}</td>
              <td>{day(s.progress?.lastAttendedAt ?? null)}</td>
              <td>{s.progress ? `${s.progress.assignmentsPassed} of ${s.progress.assignmentsReviewed} reviewed` : '—'}</td>
              <td>{s.progress?.certificates.length ? s.progress.certificates.map((c) => c.course).join(', ') : '—'}</td>
              <td>
                <SeatActions user={user} org={org} seat={s} onChanged={onChanged} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
