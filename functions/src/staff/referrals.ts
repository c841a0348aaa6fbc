import { AggregateField, Timestamp, type Query } from 'firebase-admin/firestore';
import { REFERRAL_DISCOUNT_RUPEES, type ReferralFigures } from '@upskill/domain/referrals';
import { withDeadline } from '../http/handler';
import { referralCredits, type ReferralCreditDoc } from '../referrals/store';
import { reportMonth } from './reportMonth';

/** The first instant of a month in India (IST has no daylight saving: +05:30 all year). */
const indiaMonthStart = (year: number, month: number) => Date.parse(`${year}-${String(month).padStart(2, '0')}-01T00:00:00+05:30`);

async function counted(query: Query<ReferralCreditDoc>): Promise<{ count: number; amount: number }> {
  const snap = await withDeadline(query.aggregate({ count: AggregateField.count(), amount: AggregateField.sum('amount') }).get());
  const { count, amount } = snap.data();
  return { count, amount: amount ?? 0 };
}

/**
 * GET /api/staff/referrals/figures?month=YYYY-MM: the referral credits as finance counts them. What is owed now
 * (granted, not used) and what may be owed (waiting to settle) are a liability, never payable in cash; the month's
 * grants add to it and its uses (a discount on an invoice) discharge it. Six aggregate queries, whatever the numbers.
 */
export async function referralFigures(monthParam: string | undefined, currentMonth: string): Promise<ReferralFigures> {
  const { month, year, number } = reportMonth(monthParam, currentMonth);
  const from = Timestamp.fromMillis(indiaMonthStart(year, number));
  const to = Timestamp.fromMillis(number === 12 ? indiaMonthStart(year + 1, 1) : indiaMonthStart(year, number + 1));
  const credits = referralCredits();
  const [available, pending, granted, spent, friends] = await Promise.all([
    counted(credits.where('state', '==', 'available')),
    counted(credits.where('state', '==', 'pending')),
    counted(credits.where('grantedMonth', '==', month).where('state', 'in', ['available', 'spent'])),
    counted(credits.where('spentMonth', '==', month)),
    // One credit document per friend, made when their discounted purchase was paid: the month's friends' discounts.
    counted(credits.where('paidAt', '>=', from).where('paidAt', '<', to)),
  ]);
  return {
    month,
    available,
    pending,
    granted,
    spent,
    discounts: { count: friends.count, amount: friends.count * REFERRAL_DISCOUNT_RUPEES },
  };
}
