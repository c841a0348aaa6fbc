import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { NEWSLETTER_RESULTS, type NewsletterResult } from './results';
import { useDocumentMeta } from '../../lib/useDocumentMeta';

const RESULTS: Record<NewsletterResult, { title: string; text: string }> = {
  confirmed: {
    title: 'Subscription confirmed',
    text: 'Thank you: you are on the Upskill newsletter. Every issue has a one-click unsubscribe link.',
  },
  unsubscribed: {
    title: 'You are unsubscribed',
    text: 'You will get no more newsletters from us. Changed your mind? Sign up again at the bottom of any page.',
  },
  'link-expired': {
    title: 'This link has expired',
    text: 'The link is no longer valid (confirmation links last 7 days). Sign up again at the bottom of any page and we will send a new one.',
  },
};

/** Where the links in newsletter mail land: what happened, in words. */
export default function NewsletterResultPage() {
  const { result } = useParams();
  const { title, text } =
    RESULTS[(NEWSLETTER_RESULTS as readonly string[]).includes(result ?? '') ? (result as NewsletterResult) : 'link-expired'];
  useDocumentMeta(title, text, { noindex: true });
  return (
    <section className="section">
      <div className="container state">
        <h1>{title}</h1>
        <p>{text}</p>
        <Link className="btn btn--primary" to={paths.courses}>
          Browse courses
        </Link>
      </div>
    </section>
  );
}
