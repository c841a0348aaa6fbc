import { Link } from 'react-router-dom';
import { COMPANY, GRIEVANCE_ANSWER_DAYS, PRIVACY_REQUEST_TOPIC } from '@upskill/domain/common';
import { paths } from '../../config/paths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { LegalLayout } from './LegalLayout';

const officer = COMPANY.grievanceOfficer;

/** What we hold, why, and for how long: one row per kind of record (docs/decisions/0019 for the tax records). */
const RECORDS: { what: string; why: string; kept: string }[] = [
  {
    what: 'Your account: e-mail, password (held by Google Firebase Authentication, never by us), your name if you give it, and your name and photo if you sign in with Google.',
    why: 'To sign you in and show you your courses.',
    kept: 'Until you delete your account.',
  },
  {
    what: 'Enrollments: name, college, e-mail, phone, the plan or course, the batch and its price.',
    why: 'To hold your seat, run your classes and send you what concerns them.',
    kept: 'Unpaid: until you delete your account. Paid: see the next row.',
  },
  {
    what: 'Payments and tax invoices: payment id, method, amount and time from Razorpay; the billing name, address and GSTIN you give for the invoice.',
    why: 'To take your payment and issue the GST tax invoice the law requires.',
    kept: 'As long as the law requires: eight financial years after the year you paid in, as the company’s books of account (Companies Act, 2013, section 128(5)); this also covers the 72 months from the due date of the annual return that GST law asks for (CGST Act, section 36). If you delete your account, we remove your name, phone and address from the enrollment; the invoices stay as they were issued.',
  },
  {
    what: 'Class attendance and certificates.',
    why: 'To issue your certificate and let anyone you share it with check it.',
    kept: 'Until you delete your account (certificates are then withdrawn and their pages removed).',
  },
  {
    what: 'Messages you send through the contact form, and the mails we send you.',
    why: 'To answer you, and to know what we told you and when.',
    kept: 'Until you delete your account.',
  },
  {
    what: 'Newsletter: your e-mail address and whether you confirmed it.',
    why: 'To send the newsletter you asked for (your consent).',
    kept: 'Until you unsubscribe, with the one-click link in every newsletter, or delete your account.',
  },
  {
    what: 'Your consents: what you (or, under 18, your parent or guardian) agreed to, for what purpose, when, and a keyed one-way hash of the network address it came from (never the address itself).',
    why: 'To show that you agreed, and when you withdrew, as the law asks us to.',
    kept: 'Until you delete your account. A guardian’s consent to a course that was paid for is kept, without names, as long as its tax records.',
  },
  {
    what: 'Under 18: your declaration, and your parent’s or guardian’s name and e-mail address.',
    why: 'To ask for and record their consent before you pay.',
    kept: 'With the enrollment: until you delete your account.',
  },
  {
    what: 'Your IP address.',
    why: 'To stop abuse: we count requests per address, as a one-way hash, in one-minute windows.',
    kept: 'Each count expires two minutes after its window and is then deleted automatically, usually within a day.',
  },
];

export default function PrivacyPolicyPage() {
  useDocumentMeta('Privacy Policy', 'What Upskill holds about you, why, for how long, and how to see, correct or delete it.');
  return (
    <LegalLayout
      title="Privacy Policy"
      updated="25 November 2026"
      intro="What we hold about you, why, for how long, and how you can see it, correct it or have it deleted. In plain words."
    >
      <h2>Who we are</h2>
      <p>
        {COMPANY.legalName} ({COMPANY.name}), {COMPANY.offices[0].lines.join(', ')}, decides how your personal data is used. Under
        India&apos;s Digital Personal Data Protection Act, 2023 that makes us its <em>data fiduciary</em>. We do not sell your data, and we
        share it only with the services that run {COMPANY.name} for us: Google Cloud (Firebase) for hosting, the database and sign-in;
        Razorpay for payments; and our mail provider for e-mail.
      </p>

      <h2>What we hold, why, and for how long</h2>
      <div className="table-scroll privacy-table__scroll" role="region" tabIndex={0} aria-label="What we hold, why, and for how long">
        <table className="privacy-table">
          <caption className="visually-hidden">Each kind of record, its purpose and how long it is kept</caption>
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Why</th>
              <th scope="col">How long</th>
            </tr>
          </thead>
          <tbody>
            {RECORDS.map((row) => (
              <tr key={row.what}>
                <td>{row.what}</td>
                <td>{row.why}</td>
                <td>{row.kept}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        We e-mail you only about something you did: your enrollment and how to pay, your receipt and tax invoice, your classes, your
        certificate, your account (password reset, confirming your address), an answer to your message, and the newsletter if you asked for
        it. Your card or bank details go to Razorpay only; we never see them.
      </p>

      <h2>Your rights, and how to use them</h2>
      <ul>
        <li>
          <strong>See what we hold:</strong> on <Link to={paths.account}>your account page</Link>, choose <em>Download my data</em>. You get
          one file with everything we hold about you.
        </li>
        <li>
          <strong>Correct it:</strong> change your name and password on <Link to={paths.account}>your account page</Link>; change an
          enrollment&apos;s details before you pay from its link; for anything else, write to our grievance officer.
        </li>
        <li>
          <strong>Delete it:</strong> on <Link to={paths.account}>your account page</Link>, choose <em>Delete your account</em>. We erase
          everything except what tax law makes us keep (above), and confirm by e-mail.
        </li>
        <li>
          <strong>Withdraw consent:</strong> <Link to={paths.account}>your account page</Link> lists every consent we hold, with a one-click{' '}
          <em>Withdraw consent</em>; the newsletter also has a one-click unsubscribe link in every issue. The account terms end with the
          account: delete it to withdraw them. Withdrawing is as easy as giving.
        </li>
        <li>
          <strong>Sign out everywhere:</strong> if you lose a device, sign out of every device at once from your account page.
        </li>
        <li>
          <strong>Nominate someone</strong> to exercise these rights if you die or cannot: write to our grievance officer.
        </li>
      </ul>

      <h2>Grievance officer</h2>
      <p>
        {officer.name}, {officer.role}, {COMPANY.legalName}. Write to <a href={`mailto:${officer.email}`}>{officer.email}</a>, or use the{' '}
        <Link to={paths.contact}>contact form</Link> with the topic <em>{PRIVACY_REQUEST_TOPIC}</em>. We answer every request and complaint
        within {GRIEVANCE_ANSWER_DAYS} days, and usually much sooner.
      </p>

      <h2>Complaining to the Data Protection Board</h2>
      <p>
        If you are not satisfied with our grievance officer&apos;s answer, or have none within {GRIEVANCE_ANSWER_DAYS} days, you may
        complain to the Data Protection Board of India, through its online platform, under section 13 of the Digital Personal Data
        Protection Act, 2023. Learners in the USA may also have rights under their state&apos;s laws.
      </p>

      <h2>Learners under 18</h2>
      <p>
        The enrollment form asks whether you are 18 or older. If you are under 18, we ask for your parent&apos;s or guardian&apos;s name and
        e-mail and mail them a link: they see what they are agreeing to and decide, and you can pay only once they consent. They can
        withdraw their consent at any time from the link in our confirmation mail. We never send newsletters or offers to learners under 18,
        and we do not track them: {COMPANY.name} has no advertising or analytics scripts at all. If you believe someone under 18 has given
        us personal data without that consent, write to our grievance officer and we will erase it.
      </p>

      <h2>Storage and security</h2>
      <p>
        Data is stored with Google Cloud (Firebase). Only our servers and our staff can read enrollment records, and you can see only your
        own. Password-reset and confirmation links in our mails work for 60 minutes.
      </p>

      <h2>Cookies</h2>
      <p>
        We use only the storage needed for sign-in and to remember an enrollment in progress, and no advertising or tracking. See our{' '}
        <Link to={paths.cookies}>cookie policy</Link>.
      </p>
    </LegalLayout>
  );
}
