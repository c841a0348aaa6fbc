import { useId, useRef, useState, type FormEvent } from 'react';
import { isValidCoupon } from '@upskill/domain/catalogue';
import { MESSAGES } from '@upskill/domain/common';
import { useEarlyEdits } from '../../lib/earlyEdits';

/** What Apply decided: the cards and Enroll both read the code from here, never from the live input. */
export type CouponState = { status: 'none' } | { status: 'applied'; code: string } | { status: 'invalid' };

/** The pricing page's coupon box: Apply checks the code with the domain's rule and announces the result. */
export function CouponForm({ coupon, onApply }: { coupon: CouponState; onApply: (state: CouponState) => void }) {
  const [code, setCode] = useState('');
  const id = useId();
  // A code typed before the page was hydrated stays in the box, and Apply uses it.
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEarlyEdits(form, (edited) => setCode(edited.code ?? ''));
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the box shows, even when Apply was clicked before hydration and the state has yet to catch up.
    const typed = String(new FormData(event.currentTarget).get('code') ?? '');
    const valid = isValidCoupon(typed);
    onApply(valid ? { status: 'applied', code: typed.trim() } : { status: 'invalid' });
    // A refused code: back to the box to type it again, its message read with it.
    if (!valid) input.current?.focus();
  };
  const applied = coupon.status === 'applied';
  return (
    <form ref={form} className="coupon card" onSubmit={apply}>
      <label htmlFor={id}>Have a coupon code?</label>
      <div className="coupon__row">
        <input
          ref={input}
          id={id}
          aria-invalid={coupon.status === 'invalid' ? true : undefined}
          name="code"
          className="input"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="Enter coupon code"
          autoComplete="off"
          aria-describedby={`${id}-status`}
        />
        <button type="submit" className="btn btn--primary">
          Apply
        </button>
      </div>
      <p id={`${id}-status`} role="status" className={applied ? 'coupon__ok' : coupon.status === 'invalid' ? 'coupon__bad' : ''}>
        {applied ? MESSAGES.couponApplied : coupon.status === 'invalid' ? MESSAGES.couponInvalid : ''}
      </p>
    </form>
  );
}
