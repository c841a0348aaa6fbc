import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { BATCH_TIMES, INTERESTED_COURSES } from '@upskill/domain/common';
import { claimSchema, type ClaimedSeat } from '@upskill/domain/organisations';
import { paths } from '../../config/paths';
import { fieldErrorsOf } from '../../lib/api';
import { useFieldErrors } from '../../lib/useFieldErrors';
import { schemaErrors } from '../../lib/schemaErrors';
import { useApiLoad } from '../../lib/useApiLoad';
import { useAuthUser } from '../auth';
import { claimSeat, fetchOffer, type OfferQuery } from './api';
import './team.css';

/** What a seat gives and what the organisation will see, then the claim (with the enrollment form's two questions). */
function Offer({ user, query, onClaimed }: { user: User; query: OfferQuery; onClaimed: (seat: ClaimedSeat) => void }) {
  const { load } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchOffer(user, query, signal), [user, query]),
    'This seat could not be found. Check your connection, then try again.',
  );
  const [programme, setProgramme] = useState('');
  const [batchTime, setBatchTime] = useState('');
  const [share, setShare] = useState(false);
  const { errors, show, invalid, error, form, id } = useFieldErrors();
  const [sending, setSending] = useState(false);
  if (load.state === 'loading') return <p role="status">Loading your seat…</p>;
  if (load.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {load.message}
      </p>
    );
  const offer = load.answer;
  const credentials =
    'seat' in query ? { seatId: query.seat, token: query.token } : 'code' in query ? { code: query.code } : { joinKey: query.join };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...credentials,
      interestedCourse: programme || undefined,
      ...(batchTime ? { preferredBatchTime: batchTime } : {}),
      shareProgress: share || undefined,
    };
    const found = await schemaErrors(claimSchema, body);
    if (Object.keys(found).length === 0) {
      setSending(true);
      try {
        onClaimed(await claimSeat(user, body));
        return;
      } catch (err) {
        Object.assign(found, fieldErrorsOf(err, 'We could not reach the server. The seat is not taken yet; please try again.'));
      } finally {
        setSending(false);
      }
    }
    show(found);
  };
  return (
    <form ref={form} className="card team-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Take your seat">
      <h2>
        {offer.organisation} gives you a seat: {offer.description}
      </h2>
      <p>There is nothing to pay.</p>
      <div className="field">
        <label htmlFor={`${id}-programme`}>Which programme interests you most?</label>
        <select
          id={`${id}-programme`}
          className="input"
          value={programme}
          onChange={(e) => setProgramme(e.target.value)}
          {...invalid('interestedCourse')}
        >
          <option value="">Choose…</option>
          {INTERESTED_COURSES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
        {error('interestedCourse')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-time`}>When can you attend?</label>
        <span className="field__hint">For a place in a batch, the batch's own times apply.</span>
        <select
          id={`${id}-time`}
          className="input"
          value={batchTime}
          onChange={(e) => setBatchTime(e.target.value)}
          {...invalid('preferredBatchTime')}
        >
          <option value="">Choose…</option>
          {BATCH_TIMES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
        {error('preferredBatchTime')}
      </div>
      <div className="field">
        <label className="choice">
          <input type="checkbox" checked={share} onChange={(e) => setShare(e.target.checked)} {...invalid('shareProgress')} />
          {offer.sharing}
        </label>
        {error('shareProgress')}
      </div>
      {(errors._form || errors.code || errors.token) && (
        <p className="status status--error" role="alert" tabIndex={-1}>
          {errors._form ?? errors.code ?? errors.token}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={sending}>
        {sending ? 'Taking the seat…' : 'Take the seat'}
      </button>
    </form>
  );
}

/** A code typed in, then its offer. */
function CodeEntry({ user, onClaimed }: { user: User; onClaimed: (seat: ClaimedSeat) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [query, setQuery] = useState<OfferQuery>();
  const id = useId();
  if (query) return <Offer user={user} query={query} onClaimed={onClaimed} />;
  return (
    <form
      className="card team-form"
      noValidate
      aria-label="Enter your code"
      onSubmit={(e) => {
        e.preventDefault();
        const typed = code.replace(/[\s-]/g, '');
        if (typed.length !== 10) {
          setError('A code is 10 letters and digits, as XXXXX-XXXXX.');
          document.getElementById(`${id}-code`)?.focus();
          return;
        }
        setQuery({ code: typed });
      }}
    >
      <h2>Enter your code</h2>
      <div className="field">
        <label htmlFor={`${id}-code`}>Code from your organisation</label>
        <input
          id={`${id}-code`}
          className="input"
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <span id={`${id}-error`} className="field__error">
            {error}
          </span>
        )}
      </div>
      <button type="submit" className="btn btn--primary">
        Continue
      </button>
    </form>
  );
}

/** /join (an invitation's link, or a code) and /join/{key} (a campus's link): sign in, read the offer, take the seat. */
export function Join({ joinKey }: { joinKey?: string }) {
  const auth = useAuthUser();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const seat = search.get('seat');
  const token = search.get('token');
  const [claimed, setClaimed] = useState<ClaimedSeat>();
  const query: OfferQuery | undefined = joinKey ? { join: joinKey } : seat && token ? { seat, token } : undefined;
  return (
    <section className="section">
      <div className="container team-join">
        <h1>Take your seat</h1>
        {claimed ? (
          <div className="status status--success" role="status" data-testid="seat-claimed">
            <p>
              <strong>It is yours.</strong> {claimed.organisation} has given you {claimed.description}. Choose your batches and see your
              classes in My Courses.
            </p>
            <Link className="btn btn--primary" to={paths.myCourses}>
              Go to My Courses
            </Link>
          </div>
        ) : auth.status !== 'ready' ? (
          <p role="status">Loading…</p>
        ) : !auth.user ? (
          <div className="state">
            <p>Sign in, or create an account, with the e-mail address your organisation used. Then come back to this page.</p>
            <Link className="btn btn--primary" to={paths.login} state={{ from: `${location.pathname}${location.search}` }}>
              Sign in
            </Link>
          </div>
        ) : query ? (
          <Offer user={auth.user} query={query} onClaimed={setClaimed} />
        ) : (
          <CodeEntry user={auth.user} onClaimed={setClaimed} />
        )}
      </div>
    </section>
  );
}
