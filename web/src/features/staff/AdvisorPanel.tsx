import { useCallback, useEffect, useId, useState } from 'react';
import type { User } from 'firebase/auth';
import type { AdvisorAnswer } from '@upskill/domain/mentoring';
import { actionFailure, advisorOf, assignAdvisor } from './staffApi';

/** A Custom purchase's named learning advisor: who it is, and naming one of the mentors who offer advisor calls. */
export function AdvisorPanel({ enrollmentId, user }: { enrollmentId: string; user: User }) {
  const token = useCallback(() => user.getIdToken(), [user]);
  const [answer, setAnswer] = useState<AdvisorAnswer | null>(null);
  const [chosen, setChosen] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [version, setVersion] = useState(0);
  const id = useId();
  useEffect(() => {
    let live = true;
    advisorOf(token, enrollmentId).then(
      (next) => live && setAnswer(next),
      (err: unknown) => live && setOutcome({ ok: false, message: actionFailure(err) }),
    );
    return () => {
      live = false;
    };
  }, [token, enrollmentId, version]);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Learning advisor</h2>
      {answer && (
        <p data-testid="advisor-now">
          {answer.advisor ? `Named: ${answer.advisor.name}` : 'None named yet: the mentor of their first advisor call becomes it.'}
        </p>
      )}
      {outcome && (
        <p className={`status ${outcome.ok ? 'status--success' : 'status--error'}`} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </p>
      )}
      {answer && answer.candidates.length === 0 && <p className="muted">No mentor offers advisor calls yet.</p>}
      {answer && answer.candidates.length > 0 && (
        <form
          className="staff-team-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!chosen) return setOutcome({ ok: false, message: 'Choose a mentor.' });
            const name = answer.candidates.find((c) => c.id === chosen)?.name ?? chosen;
            assignAdvisor(token, enrollmentId, chosen).then(
              () => {
                setOutcome({ ok: true, message: `${name} is now their learning advisor.` });
                setVersion((v) => v + 1);
              },
              (err: unknown) => setOutcome({ ok: false, message: actionFailure(err) }),
            );
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-mentor`}>Advisor</label>
            <select id={`${id}-mentor`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value="">Choose a mentor</option>
              {answer.candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn--primary btn--sm">
            Name as learning advisor
          </button>
        </form>
      )}
    </section>
  );
}
