import { useCallback, useEffect, useState } from 'react';
import type { Offer } from '@upskill/domain/catalogue';
import { referralPlanEligible, type ReferralCodeAnswer } from '@upskill/domain/referrals';
import { ApiError, apiRequest } from '../../lib/api';
import { forgetReferral, rememberedReferral } from '../../lib/referral';

/** What the form knows of the referral link that brought the visitor. */
export type Referral =
  | { state: 'none' }
  | { state: 'checking'; code: string }
  /** Looked up: whose link, and what it takes off (null when the lookup failed: the server still checks it). */
  | { state: 'ready'; code: string; referrer: string | null; discount: number | null }
  | { state: 'invalid' };

/**
 * The friend's referral link kept in this browser (lib/referral.ts), looked up for the form: whose it is and what it
 * takes off. A new enrollment only (an edit keeps the discount it was made with). `code` is what the request sends:
 * only for a course plan, and never once removed.
 */
export function useReferral(offer: Offer | undefined, editing: boolean) {
  const [referral, setReferral] = useState<Referral>(() => {
    const code = editing ? null : rememberedReferral();
    return code ? { state: 'checking', code } : { state: 'none' };
  });
  const pending = referral.state === 'checking' ? referral.code : null;
  useEffect(() => {
    if (!pending) return;
    const controller = new AbortController();
    apiRequest<ReferralCodeAnswer>(`/api/enroll/referrals/${encodeURIComponent(pending)}`, { signal: controller.signal }).then(
      (answer) => setReferral({ state: 'ready', code: pending, referrer: answer.referrer, discount: answer.discount }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.status === 404) {
          forgetReferral();
          setReferral({ state: 'invalid' });
        } else setReferral({ state: 'ready', code: pending, referrer: null, discount: null });
      },
    );
    return () => controller.abort();
  }, [pending]);
  const remove = useCallback(() => {
    forgetReferral();
    setReferral({ state: 'none' });
  }, []);
  const eligible = offer !== undefined && referralPlanEligible(offer.planId ?? null);
  const code = referral.state === 'ready' || referral.state === 'checking' ? referral.code : undefined;
  return { referral, eligible, code: eligible ? code : undefined, remove };
}
