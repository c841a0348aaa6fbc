import { useId, useState, type FormEvent } from 'react';
import { isValidCoupon } from '@domain/coupon';
import { MESSAGES } from '@domain/messages';
import { HydratedFieldset } from '../../components/HydratedFieldset';

/** What Apply decided: the cards and Enroll both read the code from here, never from the live input. */
export type CouponState = { status: 'none' } | { status: 'applied'; code: string } | { status: 'invalid' };

/** The pricing page's coupon box: Apply checks the code with the domain's rule and announces the result. */
export function CouponForm({ coupon, onApply }: { coupon: CouponState; onApply: (state: CouponState) => void }) {
  const [code, setCode] = useState('');
  const id = useId();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(isValidCoupon(code) ? { status: 'applied', code: code.trim() } : { status: 'invalid' });
  };
  const applied = coupon.status === 'applied';
  return (
    <form className="coupon card" onSubmit={apply}>
      <HydratedFieldset>
        <label htmlFor={id}>Have a coupon code?</label>
        <div className="coupon__row">
          <input id={id} className="input" value={code} onChange={(e) => setCode(e.target.value)} placeholder="Enter coupon code" autoComplete="off" aria-describedby={`${id}-status`} />
          <button type="submit" className="btn btn--primary">
            Apply
          </button>
        </div>
      </HydratedFieldset>
      <p id={`${id}-status`} role="status" className={applied ? 'coupon__ok' : coupon.status === 'invalid' ? 'coupon__bad' : ''}>
        {applied ? MESSAGES.couponApplied : coupon.status === 'invalid' ? MESSAGES.couponInvalid : ''}
      </p>
    </form>
  );
}
