import type { Offer } from '@upskill/domain/catalogue';
import { formatRupees, toPaise } from '@upskill/domain/common';
import { REFERRAL_DISCOUNT_RUPEES, referralPrice } from '@upskill/domain/referrals';
import type { Referral } from './useReferral';

interface Props {
  referral: Referral;
  offer: Offer | undefined;
  eligible: boolean;
  onRemove: () => void;
}

/** The referral link's discount in the summary: who invited the visitor, what they pay after it, and a way to drop it. */
export function ReferralNotice({ referral, offer, eligible, onRemove }: Props) {
  if (referral.state === 'none') return null;
  if (referral.state === 'invalid')
    return (
      <p className="status status--info" data-testid="referral-notice">
        The referral link you followed is not valid, so no referral discount applies. Ask your friend for their link again.
      </p>
    );
  if (referral.state === 'checking')
    return (
      <p className="status status--info" data-testid="referral-notice">
        Checking your friend’s referral link…
      </p>
    );
  const who = referral.referrer ? `${referral.referrer} invited you` : 'You followed a friend’s referral link';
  const discount = referral.discount ?? REFERRAL_DISCOUNT_RUPEES;
  return (
    <div className="status status--success referral-notice" data-testid="referral-notice">
      {eligible && offer ? (
        <p>
          {who}: {formatRupees(discount)} off your first course plan. You pay{' '}
          <strong data-testid="referral-price">{formatRupees(referralPrice(toPaise(offer.price), discount, []).pricePaise / 100)}</strong>,
          and the discount is on your invoice.
        </p>
      ) : (
        <p>{who}. The referral discount applies to course plans, not to this one: choose a course plan to use it.</p>
      )}
      <button type="button" className="btn btn--secondary btn--sm" onClick={onRemove}>
        Enroll without the referral
      </button>
    </div>
  );
}
