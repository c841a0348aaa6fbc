import { Link } from 'react-router-dom';
import { Accordion } from '../../components/Accordion';
import { paths } from '../../config/paths';
import { faqPage } from '../../lib/structuredData';
import { useDocumentMeta } from '../../lib/useDocumentMeta';

const FAQ = [
  {
    question: 'How do I enroll in a course?',
    answer:
      'Choose a course or plan, click Enroll Now, fill in your details and batch, then continue to payment. You can go back and edit your details before paying.',
  },
  {
    question: 'Which payment methods do you accept?',
    answer: 'Credit Card, Debit Card, UPI and Net Banking. Prices are in Indian rupees.',
  },
  {
    question: 'Can I get a refund?',
    answer:
      'All purchases are final: we do not offer refunds, exchanges or cancellations. Plans with a free trial let you try before you pay.',
  },
  {
    question: 'Is there an age requirement?',
    answer: 'You must be of the age of majority to purchase. Our services are not directed at children under 13.',
  },
  {
    question: 'How do I use a coupon?',
    answer:
      'Enter your code on the pricing page. DISCOUNT20 gives 20% off eligible plans and is applied again by our server when you enroll.',
  },
];

const FAQ_META = { structuredData: [faqPage(FAQ)] };

export default function FaqPage() {
  useDocumentMeta('FAQ', 'Answers to common questions about enrolling, payments, refunds and coupons at Upskill.', FAQ_META);
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Frequently asked questions</h1>
          <p>Quick answers about enrolling, payments and your account.</p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <Accordion items={FAQ} headingLevel={2} />
          <p className="center" style={{ marginTop: 32 }}>
            Still need help? <Link to={paths.help}>Visit the Help Centre</Link> or <Link to={paths.contact}>contact us</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
