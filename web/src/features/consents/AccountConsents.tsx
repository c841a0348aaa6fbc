import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from 'firebase/auth';
import type { ConsentList, ConsentView } from '@upskill/domain/account';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { fetchConsents, withdrawConsent } from './api';

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

function Consent({ consent, busy, onWithdraw }: { consent: ConsentView; busy: boolean; onWithdraw: () => void }) {
  const titleId = `consent-${consent.id}`;
  return (
    <li className="consent" aria-labelledby={titleId} data-testid="consent">
      <h3 id={titleId} className="consent__title">
        {consent.title}
        {consent.about ? `: ${consent.about}` : ''}
      </h3>
      <p className="muted">{consent.purpose}</p>
      <p data-testid="consent-state">
        {consent.state === 'given'
          ? `Given on ${day(consent.givenAt)}${consent.givenBy ? ` by ${consent.givenBy}` : ''}.`
          : `Withdrawn on ${day(consent.withdrawnAt ?? consent.givenAt)} (given on ${day(consent.givenAt)}).`}
      </p>
      {consent.state === 'given' && consent.withdrawable && (
        <button type="button" className="btn btn--secondary" onClick={onWithdraw} disabled={busy}>
          Withdraw consent
        </button>
      )}
      {consent.state === 'given' && consent.kind === 'account-terms' && (
        <p className="muted">We need these terms to run your account. To withdraw them, delete your account below.</p>
      )}
      {consent.state === 'given' && consent.kind === 'guardian' && (
        <p className="muted">Only your parent or guardian can withdraw this, with the link in the mail we sent them.</p>
      )}
    </li>
  );
}

/**
 * The consents we hold (DPDP Act s.6): each with its purpose and dates, and withdrawal in one click
 * where it is the learner's to withdraw. Never the network address a consent came from.
 */
export function AccountConsents({ user }: { user: User }) {
  const [list, setList] = useState<ConsentList | 'failed' | undefined>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(() => {
    fetchConsents(user).then(setList, () => setList('failed'));
  }, [user]);
  useEffect(load, [load]);

  const withdraw = async (consent: ConsentView) => {
    setBusy(true);
    setOutcome(null);
    try {
      setList(await withdrawConsent(user, consent.id));
      setOutcome({
        kind: 'success',
        text: `${consent.title}: consent withdrawn.${consent.kind === 'newsletter' ? ' You will get no more newsletters.' : ''}`,
      });
    } catch (err) {
      setOutcome({ kind: 'error', text: err instanceof ApiError ? err.message : 'We could not withdraw it just now. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card account__section" aria-labelledby="account-consents">
      <h2 id="account-consents">Consents</h2>
      <p className="muted">
        What you have agreed to, and when. Withdrawing is as easy as giving: one click. See the{' '}
        <Link to={paths.privacy}>Privacy Notice</Link> for how we use your data.
      </p>
      {list === undefined && (
        <p className="muted" role="status">
          Loading your consents...
        </p>
      )}
      {list === 'failed' && (
        <p className="status status--error" role="alert">
          We could not load your consents.{' '}
          <button type="button" className="btn btn--secondary" onClick={load}>
            Try again
          </button>
        </p>
      )}
      {typeof list === 'object' && (
        <>
          {list.consents.length === 0 ? (
            <p>We hold no consents for this account.</p>
          ) : (
            <ul className="consents">
              {list.consents.map((consent) => (
                <Consent key={consent.id} consent={consent} busy={busy} onWithdraw={() => void withdraw(consent)} />
              ))}
            </ul>
          )}
          {list.minor && <p className="muted">You told us you are under 18, so we send you no newsletter or offers.</p>}
        </>
      )}
      <p className={outcome ? `status status--${outcome.kind}` : 'visually-hidden'} role="status">
        {outcome?.text ?? ''}
      </p>
    </section>
  );
}
