import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { paths } from '../../config/paths';

const NOINDEX = { noindex: true };

export default function NotFoundPage() {
  useDocumentMeta('Page under construction', 'This page is still under construction.', NOINDEX);
  return (
    <section className="container state">
      <p className="eyebrow">404</p>
      <h1>This page is still under construction</h1>
      <p className="muted">We are building something good here. In the meantime, the home page has plenty to explore.</p>
      <Link className="btn btn--primary" to={paths.home}>
        Back to Home
      </Link>
    </section>
  );
}
