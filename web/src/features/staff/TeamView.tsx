import { useCallback, useEffect, useId, useState } from 'react';
import type { User } from 'firebase/auth';
import type { TeamAnswer } from '@upskill/domain/staff';
import { INSTRUCTORS } from '@upskill/domain/catalogue';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { actionFailure, changeInstructor, changeMentor, changeTeam, listTeam } from './staffApi';

type Load = { state: 'loading' } | { state: 'error'; message: string } | ({ state: 'done' } & TeamAnswer);
type Outcome = { state: 'idle' | 'working' } | { state: 'done' | 'error'; message: string };

/** Admins only: who has console access; grant it to a registered account, or take it away. */
export function TeamView({ user, admin }: { user: User; admin: boolean }) {
  useDocumentMeta('Team · Staff console', 'Upskill staff: who has access.', { noindex: true });
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const [instructorEmail, setInstructorEmail] = useState('');
  const [profile, setProfile] = useState<string>(Object.keys(INSTRUCTORS)[0]);
  const captionId = useId();
  const instructorsCaptionId = useId();
  const mentorsCaptionId = useId();
  const [mentorEmail, setMentorEmail] = useState('');
  const token = useCallback(() => user.getIdToken(), [user]);
  const refresh = useCallback(
    () =>
      listTeam(token).then(
        (answer) => setLoad({ state: 'done', ...answer }),
        (err: unknown) => setLoad({ state: 'error', message: actionFailure(err) }),
      ),
    [token],
  );
  useEffect(() => {
    if (admin) void refresh();
  }, [admin, refresh]);

  if (!admin)
    return (
      <>
        <h1>Team</h1>
        <p>Only administrators manage who has access to the console.</p>
      </>
    );

  const change = async (address: string, access: 'staff' | 'none') => {
    setOutcome({ state: 'working' });
    try {
      await changeTeam(token, address, access);
      setOutcome({
        state: 'done',
        message:
          access === 'staff'
            ? `${address} now has staff access.`
            : `${address} no longer has staff access; their sessions were signed out.`,
      });
      if (access === 'staff') setEmail('');
      await refresh();
    } catch (err) {
      setOutcome({ state: 'error', message: actionFailure(err) });
    }
  };
  const busy = outcome.state === 'working';
  const setMentor = async (address: string, mentor: boolean) => {
    setOutcome({ state: 'working' });
    try {
      await changeMentor(token, address, mentor);
      setOutcome({
        state: 'done',
        message: mentor
          ? `${address} is now a mentor: at their next sign-in, My mentoring asks for their profile and hours.`
          : `${address} is no longer a mentor; learners no longer see them, and their booked sessions stand.`,
      });
      if (mentor) setMentorEmail('');
      await refresh();
    } catch (err) {
      setOutcome({ state: 'error', message: actionFailure(err) });
    }
  };
  const setInstructor = async (address: string, profile: string) => {
    setOutcome({ state: 'working' });
    try {
      await changeInstructor(token, address, profile);
      setOutcome({
        state: 'done',
        message:
          profile === 'none'
            ? `${address} is no longer an instructor; their sessions were signed out.`
            : `${address} now teaches as ${INSTRUCTORS[profile as keyof typeof INSTRUCTORS].name}.`,
      });
      if (profile !== 'none') setInstructorEmail('');
      await refresh();
    } catch (err) {
      setOutcome({ state: 'error', message: actionFailure(err) });
    }
  };

  return (
    <>
      <h1>Team</h1>
      <form
        className="staff-team-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void change(email.trim(), 'staff');
        }}
      >
        <div className="field">
          <label htmlFor="team-email">E-mail of a registered account</label>
          <input id="team-email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </div>
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy || !email.trim()}>
          Grant staff access
        </button>
      </form>
      <p
        role="status"
        className={
          outcome.state === 'error' ? 'status status--error' : outcome.state === 'done' ? 'status status--success' : 'visually-hidden'
        }
      >
        {outcome.state === 'done' || outcome.state === 'error' ? outcome.message : ''}
      </p>
      {load.state === 'loading' && <p role="status">Loading the team…</p>}
      {load.state === 'error' && (
        <p className="status status--error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'done' && (
        <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="staff-table">
            <caption id={captionId}>People with console access</caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Access</th>
              </tr>
            </thead>
            <tbody>
              {load.members.map((m) => (
                <tr key={m.uid} data-testid="team-member">
                  <td>{m.email}</td>
                  <td>{m.admin ? 'Administrator' : 'Staff'}</td>
                  <td>
                    {m.uid === user.uid ? (
                      'You'
                    ) : m.admin ? (
                      'Managed with the CLI'
                    ) : (
                      <button
                        type="button"
                        className="btn btn--secondary btn--sm"
                        disabled={busy}
                        onClick={() => void change(m.email, 'none')}
                        aria-label={`Revoke staff access for ${m.email}`}
                      >
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>Instructors</h2>
      <p className="muted">
        An instructor sees their own batches on My teaching: rosters, attendance, recordings, and rescheduling or cancelling a session.
      </p>
      <form
        className="staff-team-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void setInstructor(instructorEmail.trim(), profile);
        }}
      >
        <div className="field">
          <label htmlFor="instructor-email">E-mail of the instructor's account</label>
          <input
            id="instructor-email"
            type="email"
            autoComplete="off"
            value={instructorEmail}
            onChange={(e) => setInstructorEmail(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="instructor-profile">Teaches as</label>
          <select id="instructor-profile" value={profile} onChange={(e) => setProfile(e.target.value)}>
            {Object.entries(INSTRUCTORS).map(([key, i]) => (
              <option key={key} value={key}>
                {i.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy || !instructorEmail.trim()}>
          Make instructor
        </button>
      </form>
      {load.state === 'done' && (
        <div className="table-scroll" role="region" aria-labelledby={instructorsCaptionId} tabIndex={0}>
          <table className="staff-table">
            <caption id={instructorsCaptionId}>Instructor accounts</caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Teaches as</th>
                <th scope="col">Access</th>
              </tr>
            </thead>
            <tbody>
              {load.instructors.length === 0 && (
                <tr>
                  <td colSpan={3}>No instructor accounts yet.</td>
                </tr>
              )}
              {load.instructors.map((m) => (
                <tr key={m.uid} data-testid="team-instructor">
                  <td>{m.email}</td>
                  <td>{m.name}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      disabled={busy}
                      onClick={() => void setInstructor(m.email, 'none')}
                      aria-label={`Remove instructor access for ${m.email}`}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>Mentors</h2>
      <p className="muted">
        A mentor takes the 1:1 calls, mock interviews and advisor calls the plans include, and sets their own profile and hours on My
        mentoring.
      </p>
      <form
        className="staff-team-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void setMentor(mentorEmail.trim(), true);
        }}
      >
        <div className="field">
          <label htmlFor="mentor-email">E-mail of the mentor's account</label>
          <input
            id="mentor-email"
            type="email"
            autoComplete="off"
            value={mentorEmail}
            onChange={(e) => setMentorEmail(e.target.value)}
            required
          />
        </div>
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy || !mentorEmail.trim()}>
          Make mentor
        </button>
      </form>
      {load.state === 'done' && (
        <div className="table-scroll" role="region" aria-labelledby={mentorsCaptionId} tabIndex={0}>
          <table className="staff-table">
            <caption id={mentorsCaptionId}>Mentor accounts</caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Access</th>
              </tr>
            </thead>
            <tbody>
              {load.mentors.length === 0 && (
                <tr>
                  <td colSpan={2}>No mentor accounts yet.</td>
                </tr>
              )}
              {load.mentors.map((m) => (
                <tr key={m.uid} data-testid="team-mentor">
                  <td>{m.email}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      disabled={busy}
                      onClick={() => void setMentor(m.email, false)}
                      aria-label={`Remove mentor access for ${m.email}`}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
