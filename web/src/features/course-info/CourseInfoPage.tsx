import { useEffect, useRef } from 'react';
import { animateIn } from '../../lib/motion';
import { useDocumentMeta } from '../../lib/useDocumentMeta';

// An empty page has nothing for search results: it stays out of them and out of the sitemap.
const NOINDEX = { noindex: true };

/** /course-info is an empty page with an entrance animation: it exists so old links still land somewhere. */
export default function CourseInfoPage() {
  useDocumentMeta('Course information', 'Detailed course information is coming soon.', NOINDEX);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    animateIn(box.current, { opacity: [0, 1], transform: ['scale(0.96)', 'scale(1)'] }, { duration: 0.8, ease: 'easeOut' });
  }, []);
  return (
    <section className="container state">
      <div ref={box}>
        <h1>Course information</h1>
        <p className="muted">Detailed course pages are on their way.</p>
      </div>
    </section>
  );
}
