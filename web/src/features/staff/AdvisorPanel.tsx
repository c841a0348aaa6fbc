import { useCallback, useEffect, useId, useState } from 'react';
import type { User } from 'firebase/auth';
import type { AdvisorAnswer } from '@upskill/domain/mentoring';
import { actionFailure, advisorOf, assignAdvisor } from './staffApi';

/**
 * A Custom purchase's named learning advisor: who it is, and naming one of the mentors who offer advisor calls,
 * listed 20 at a time by name, with a search by the start of a name.
 */
export function AdvisorPanel({ enrollmentId, user }: { enrollmentId: string; user: User }) {
  const token = useCallback(() => user.getIdToken(), [user]);
  const [answer, setAnswer] = useState<AdvisorAnswer | null>(null);
  const [chosen, setChosen] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [version, setVersion] = useState(0);
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState('');
  const id = useId();
  useEffect(() => {
    let live = true;
    advisorOf(token, enrollmentId, asked).then(
      (next) => live && setAnswer(next),
      (err: unknown) => live && setOutcome({ ok: false, message: actionFailure(err) }),
    );
    return () => {
      live = false;
    };
  }, [token, enrollmentId, asked, version]);
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
      <form
        className="staff-filters"
        role="search"
        aria-label="Advisors"
        onSubmit={(e) => {
          e.preventDefault();
          setChosen('');
          setAsked(search.trim());
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-search`}>Find a mentor by name</label>
          <input id={`${id}-search`} type="search" value={search} maxLength={60} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <button type="submit" className="btn btn--secondary btn--sm">
          Find
        </button>
      </form>
      {answer && answer.candidates.length === 0 && (
        <p className="muted">
          {asked ? `No mentor who offers advisor calls has a name starting “${asked}”.` : 'No mentor offers advisor calls yet.'}
        </p>
      )}
      {answer && answer.more && (
        <p className="muted" data-testid="advisor-more">
          The first {answer.candidates.length} by name{asked ? ` starting “${asked}”` : ''}: type more of a name to find others.
        </p>
      )}
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
