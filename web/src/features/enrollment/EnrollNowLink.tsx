import { Link } from 'react-router-dom';
import { enrollLink, type EnrollmentTarget } from './enrollLink';

/** A plan card's Enroll Now: the card's highlight decides the button's weight; the label names the plan for screen readers. */
export function EnrollNowLink({ target, highlighted, label }: { target: EnrollmentTarget; highlighted: boolean; label: string }) {
  return (
    <Link className={`btn ${highlighted ? 'btn--primary' : 'btn--secondary'} btn--block`} {...enrollLink(target)} aria-label={label}>
      Enroll Now
    </Link>
  );
}
