import type { DecodedIdToken } from 'firebase-admin/auth';
import type { EnrollmentReferral, EnrollmentReferralCredits } from '@upskill/domain/enrollment';
import {
  REFERRAL_DISCOUNT_RUPEES,
  REFERRAL_MESSAGES,
  isReferralCode,
  referralPlanEligible,
  referralPrice,
  type HeldCredit,
} from '@upskill/domain/referrals';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { collection } from '../platform/collections';
import { referralCodes, referralCredits } from './store';

/** How many of a referrer's credits one purchase looks at (5 a month is the cap; more than 10 ready is rare). */
const CREDITS_READ = 10;
/** A friend's purchases read to tell a first one (and the referrer's, to refuse their own phone number). */
const ENROLLMENTS_READ = 20;

const refuse = (message: string) => new HttpError('invalid-argument', message, { referralCode: message });

/** What a purchase takes from referrals: the friend's discount, the buyer's own credits, and the price after them. */
export interface ReferralTerms {
  referral: EnrollmentReferral | null;
  referralCredits: EnrollmentReferralCredits | null;
  pricePaise: number;
}

export interface Purchase {
  planId: string | null;
  email: string;
  phone: string;
  /** The catalogue's price (coupon applied), in paise. */
  pricePaise: number;
}

/** A friend's referral link, checked: it exists, it is not the buyer's own, and this is the buyer's first purchase. */
async function friendReferral(code: string, purchase: Purchase, caller: DecodedIdToken | undefined): Promise<EnrollmentReferral> {
  if (!referralPlanEligible(purchase.planId)) throw refuse(REFERRAL_MESSAGES.plan);
  if (!isReferralCode(code)) throw refuse(REFERRAL_MESSAGES.unknownCode);
  const owner = (await withDeadline(referralCodes().doc(code).get())).data();
  if (!owner) throw refuse(REFERRAL_MESSAGES.unknownCode);
  const enrollments = collection('enrollments');
  const [theirs, before] = await withDeadline(
    Promise.all([
      enrollments.where('uid', '==', owner.uid).limit(ENROLLMENTS_READ).get(),
      enrollments.where('email', '==', purchase.email).limit(ENROLLMENTS_READ).get(),
    ]),
  );
  // Self-referral: the same account, its e-mail, or an e-mail or phone number the referrer has bought with.
  const own =
    caller?.uid === owner.uid ||
    owner.email === purchase.email ||
    theirs.docs.some((d) => d.data().email === purchase.email || d.data().phone === purchase.phone);
  if (own) throw refuse(REFERRAL_MESSAGES.ownCode);
  if (before.docs.some((d) => d.data().status !== 'pending_payment')) throw refuse(REFERRAL_MESSAGES.notFirst);
  return { code, referrerUid: owner.uid, referrerName: owner.firstName, discount: REFERRAL_DISCOUNT_RUPEES };
}

/** The signed-in buyer's credits ready to use, oldest first. */
export async function heldCredits(uid: string): Promise<HeldCredit[]> {
  const ready = await withDeadline(
    referralCredits().where('referrerUid', '==', uid).where('state', '==', 'available').orderBy('grantedAt').limit(CREDITS_READ).get(),
  );
  return ready.docs.map((d) => ({ id: d.id, amount: d.data().amount }));
}

function terms(pricePaise: number, referral: EnrollmentReferral | null, credits: HeldCredit[]): ReferralTerms {
  const price = referralPrice(pricePaise, referral?.discount ?? 0, credits);
  const amount = credits.filter((c) => price.creditIds.includes(c.id)).reduce((sum, c) => sum + c.amount, 0);
  return {
    referral: referral ? { ...referral, discount: price.discountPaise / 100 } : null,
    referralCredits: price.creditIds.length > 0 ? { ids: price.creditIds, amount } : null,
    pricePaise: price.pricePaise,
  };
}

/**
 * A new enrollment's referral terms. A referral code (from the friend's link) is checked and refused with a clear
 * message; a signed-in buyer's own credits come off a course plan without being asked for. Nothing is reserved: a
 * credit is spent by the payment that captures first (payments/fulfilment.ts), and checkout prices again first.
 */
export async function referralTermsFor(
  code: string | undefined,
  purchase: Purchase,
  caller: DecodedIdToken | undefined,
): Promise<ReferralTerms> {
  const referral = code ? await friendReferral(code, purchase, caller) : null;
  const credits = caller && referralPlanEligible(purchase.planId) ? await heldCredits(caller.uid) : [];
  return terms(purchase.pricePaise, referral, credits);
}

/**
 * An edit's referral terms: the discount the enrollment was made with stays while the plan is a course plan (an edit
 * to a membership sets it to ₹0); the owner's credits are looked up again for the new price.
 */
export async function referralTermsOnEdit(
  kept: EnrollmentReferral | null,
  ownerUid: string | null,
  purchase: Purchase,
): Promise<ReferralTerms> {
  // Kept at ₹0 on a membership, so that an edit back to a course plan brings the friend's discount back.
  if (!referralPlanEligible(purchase.planId))
    return { referral: kept ? { ...kept, discount: 0 } : null, referralCredits: null, pricePaise: purchase.pricePaise };
  const credits = ownerUid ? await heldCredits(ownerUid) : [];
  return terms(purchase.pricePaise, kept ? { ...kept, discount: REFERRAL_DISCOUNT_RUPEES } : null, credits);
}
