import { useCallback, useState } from 'react';
import type { User } from 'firebase/auth';
import { formatLongIndiaDate } from '@upskill/domain/batches';
import { formatRupees } from '@upskill/domain/common';
import { REFERRAL_STATE_LABELS, type ReferralEntry, type ReferralsAnswer } from '@upskill/domain/referrals';
import { LoadFailed } from '../../components/LoadFailed';
import { useApiLoad } from '../../lib/useApiLoad';
import { fetchReferrals } from './api';

/** When a friend's entry says something happened or will happen. */
function entryWhen(entry: ReferralEntry): string {
  switch (entry.state) {
    case 'pending':
      return ` (ready on ${formatLongIndiaDate(entry.settlesAt)})`;
    case 'available':
      return entry.grantedAt ? ` (since ${formatLongIndiaDate(entry.grantedAt)})` : '';
    case 'spent':
      return entry.spentAt ? ` (on ${formatLongIndiaDate(entry.spentAt)})` : '';
    default:
      return '';
  }
}

function CopyLink({ link }: { link: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    const done = navigator.clipboard?.writeText(link);
    if (!done) return setCopied('failed');
    done.then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <div className="referral-link">
      <label htmlFor="referral-link">Your referral link</label>
      <div className="referral-link__row">
        <input
          id="referral-link"
          className="input"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="referral-link"
        />
        <button type="button" className="btn btn--secondary" onClick={copy}>
          Copy link
        </button>
      </div>
      <p className="muted" role="status">
        {copied === 'yes' ? 'Copied. Send it to a friend.' : copied === 'failed' ? 'Select the link above and copy it.' : ''}
      </p>
    </div>
  );
}

/** Refer a friend: the link, what it has earned, and each friend who used it (first names only). */
export default function Referrals({ user }: { user: User }) {
  const fetcher = useCallback(async (signal: AbortSignal) => fetchReferrals(await user.getIdToken(), signal), [user]);
  const { load, reload } = useApiLoad<ReferralsAnswer>(fetcher, 'Your referral link could not be loaded.');
  if (load.state === 'loading') return <p role="status">Loading your referral link...</p>;
  if (load.state === 'error') return <LoadFailed message={load.message} onRetry={reload} />;
  const r = load.answer;
  const link = `${window.location.origin}${r.path}`;
  return (
    <div className="referrals" data-testid="referrals">
      <p>
        A friend who enrolls through your link gets {formatRupees(r.discount)} off their first course plan. Once their payment is final (
        {r.settleDays} days after it), you get a {formatRupees(r.credit)} learning credit, which comes off your next course plan at checkout
        while you are signed in. Up to {r.monthlyCap} credits a month; a credit is a discount, never cash.
      </p>
      <CopyLink link={link} />
      <dl className="summary-list">
        <dt>Ready to use</dt>
        <dd data-testid="referral-available">{formatRupees(r.available)}</dd>
        <dt>Waiting for friends’ payments to be final</dt>
        <dd data-testid="referral-pending">{formatRupees(r.pending)}</dd>
        <dt>Credits this month</dt>
        <dd>
          {r.grantedThisMonth} of {r.monthlyCap}
        </dd>
      </dl>
      {r.entries.length === 0 ? (
        <p className="muted">No friend has enrolled through your link yet.</p>
      ) : (
        <ul className="referral-entries" aria-label="Friends who enrolled through your link">
          {r.entries.map((e) => (
            <li key={e.id} data-testid="referral-entry">
              <strong>{e.friend}</strong>: {formatRupees(e.amount)}, {REFERRAL_STATE_LABELS[e.state].toLowerCase()}
              {entryWhen(e)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
