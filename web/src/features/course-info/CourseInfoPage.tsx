import { m, useReducedMotion } from 'motion/react';
import { useDocumentMeta } from '../../lib/useDocumentMeta';

/** The spec's empty animated page: an entrance animation and nothing else yet. */
export default function CourseInfoPage() {
  useDocumentMeta('Course information', 'Detailed course information is coming soon.');
  const reduce = useReducedMotion();
  return (
    <section className="container state">
      <m.div initial={reduce ? false : { opacity: 0, scale: 0.96 }} animate={{ opacity: 1, scale: 1 }} transition={{ duration: 0.8, ease: 'easeOut' }}>
        <h1>Course information</h1>
        <p className="muted">Detailed course pages are on their way.</p>
      </m.div>
    </section>
  );
}
