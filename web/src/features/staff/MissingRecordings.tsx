import { useCallback, useEffect, useId, useState } from 'react';
import type { User } from 'firebase/auth';
import { RECORDING_DUE_HOURS, RECORDING_MISSING_LIST_DAYS, type StaffRecordingsAnswer } from '@upskill/domain/learning';
import { formatIndiaMoment } from '@upskill/domain/assignments';
import { actionFailure, missingRecordings } from './staffApi';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; answer: StaffRecordingsAnswer };

/** The Batches tab's list of held sessions whose recording is past due, oldest first, across every course. */
export function MissingRecordings({ user }: { user: User }) {
  const token = useCallback(() => user.getIdToken(), [user]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const headingId = useId();
  useEffect(() => {
    let live = true;
    missingRecordings(token).then(
      (answer) => live && setLoad({ state: 'done', answer }),
      (err: unknown) => live && setLoad({ state: 'error', message: actionFailure(err) }),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Recordings missing</h2>
      <p className="muted">
        Learners are promised each class’s recording within {RECORDING_DUE_HOURS} hours of its end. Held classes of the last{' '}
        {RECORDING_MISSING_LIST_DAYS} days still without one, the longest overdue first; their instructor is reminded by mail once.
      </p>
      {load.state === 'loading' && <p role="status">Loading…</p>}
      {load.state === 'error' && (
        <p className="status status--error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'done' &&
        (load.answer.missing.length === 0 ? (
          <p data-testid="recordings-missing-none">Every held class has its recording.</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">Class</th>
                  <th scope="col">Batch</th>
                  <th scope="col">Instructor</th>
                  <th scope="col">Ended</th>
                  <th scope="col">Was due</th>
                </tr>
              </thead>
              <tbody>
                {load.answer.missing.map((m) => (
                  <tr key={m.sessionId} data-testid="missing-recording">
                    <th scope="row">
                      {m.offering}, session {m.number}
                      <span className="block muted">{m.topic}</span>
                    </th>
                    <td>{m.batchLabel}</td>
                    <td>{m.instructor}</td>
                    <td>{formatIndiaMoment(Date.parse(m.endsAt))}</td>
                    <td className="staff-overdue">{formatIndiaMoment(Date.parse(m.dueAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}
