import { Link } from 'react-router-dom';
import { COMPANY } from '@upskill/domain/common';
import { Accordion } from '../../components/Accordion';
import { paths } from '../../config/paths';
import { faqPage } from '../../lib/structuredData';
import { useDocumentMeta } from '../../lib/useDocumentMeta';

const TOPICS = [
  {
    title: 'Enrollment',
    items: [
      {
        question: 'How do I enroll?',
        answer:
          'Pick a course on the Courses page or a plan on the Pricing page, click Enroll Now, fill in your details and choose a batch. Then continue to payment.',
      },
      {
        question: 'I made a mistake in my details. Can I fix it?',
        answer:
          'Yes. On the payment page choose Back to Edit: your form opens with your details, and saving updates the same enrollment instead of creating a new one.',
      },
      {
        question: 'Do I need an account to enroll?',
        answer:
          'No, anyone can enroll. If you sign in first, the enrollment is linked to your account and appears under My Courses straight away.',
      },
    ],
  },
  {
    title: 'Payments',
    items: [
      {
        question: 'Which payment methods can I use?',
        answer: 'Credit Card, Debit Card, UPI and Net Banking, through our secure payment partner.',
      },
      {
        question: 'How do coupons work?',
        answer:
          'Enter the code on the Pricing page. Eligible plans show the discounted price, and our server applies the same discount when you enroll.',
      },
      {
        question: 'Can I get a refund?',
        answer: 'All purchases are final, with no refunds, exchanges or cancellations. Trials on selected plans let you try first.',
      },
    ],
  },
  {
    title: 'Your account',
    items: [
      {
        question: 'I cannot sign in.',
        answer:
          'Check the e-mail address for typos, or sign in with Google if you registered that way. After several failed attempts, sign-in pauses for a few minutes for your security.',
      },
      {
        question: 'My enrollment is missing from My Courses.',
        answer:
          'Enrollments made while signed in appear at once. Enrollments made before you registered appear once your e-mail address is verified or you sign in with Google using the same address.',
      },
      {
        question: 'How do I delete my account?',
        answer:
          'Sign in and open your account page: Delete my account deletes it at once. The tax invoices for what you paid are kept, as the tax law requires.',
      },
    ],
  },
];

const HELP_META = { structuredData: [faqPage(TOPICS.flatMap((topic) => topic.items))] };

export default function HelpPage() {
  useDocumentMeta(
    'Help Centre',
    'Answers about enrolling, payments and your Upskill account, and how to reach our support team.',
    HELP_META,
  );
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Help Centre</h1>
          <p>Answers to the questions we hear most. Can’t find yours? Our team replies within 24 hours.</p>
        </div>
      </section>
      {TOPICS.map((topic) => (
        <section key={topic.title} className="section" aria-labelledby={`help-${topic.title}`}>
          <div className="container">
            <h2 id={`help-${topic.title}`} className="center">
              {topic.title}
            </h2>
            <Accordion items={topic.items} />
          </div>
        </section>
      ))}
      <section className="section section--alt">
        <div className="container center">
          <h2>Still need help?</h2>
          <p className="muted">
            Call {COMPANY.phones[0].display} (India) or {COMPANY.phones[1].display} (USA), or send us a message.
          </p>
          <Link className="btn btn--primary" to={paths.contact}>
            Contact support
          </Link>
        </div>
      </section>
    </>
  );
}
