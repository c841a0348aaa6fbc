import { REFUND_POLICY } from '@upskill/domain/common';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { LegalLayout } from './LegalLayout';

export default function TermsPage() {
  useDocumentMeta('Terms & Conditions', 'The terms that apply when you use Upskill and purchase courses or plans.');
  return (
    <LegalLayout
      title="Terms & Conditions"
      updated="1 November 2026"
      intro="These terms apply to your use of the Upskill website and to every course or plan you purchase."
    >
      <h2>Eligibility</h2>
      <p>
        You must have reached the age of majority where you live (18 in India and in most US states) to purchase a plan or agree to these
        terms. Younger learners may enroll only through a parent or guardian who accepts these terms on their behalf. Our services are not
        directed at children under 13.
      </p>
      <h2>Purchases are final</h2>
      <p>{REFUND_POLICY}</p>
      <h2>Prices and coupons</h2>
      <p>
        Prices are shown in Indian rupees and include applicable taxes unless stated otherwise. Coupon codes apply only to the plans they
        name and cannot be combined.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your sign-in details private. You are responsible for activity on your account. We may suspend accounts that abuse the service
        or other learners.
      </p>
      <h2>Course content</h2>
      <p>
        Course materials are licensed to you for personal learning during your access period. You may not resell, share or publish them.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms. Material changes will be announced on this page before they take effect.</p>
    </LegalLayout>
  );
}
