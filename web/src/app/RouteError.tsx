import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { isChunkLoadError, reloadOnceForStaleChunk } from './chunkReload';
import { useDocumentMeta } from '../lib/useDocumentMeta';
import { paths } from '../config/paths';

/** Shown instead of a blank page when a route fails, most often a script chunk that did not load. */
export default function RouteError({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  const [reloading] = useState(() => chunk && reloadOnceForStaleChunk());
  useDocumentMeta('Something went wrong', 'This page could not be loaded.');
  useEffect(() => {
    if (!chunk) console.error(error);
  }, [chunk, error]);
  if (reloading) return <div className="route-loading" aria-busy="true" />;
  return (
    <section className="container state" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{chunk ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      <p className="muted" role="alert">
        {chunk
          ? 'Part of the site did not download, perhaps because the connection dropped or we just released an update. Please try again.'
          : 'An unexpected error stopped this page. Please try again, or go back to the home page.'}
      </p>
      <p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Retry
        </button>{' '}
        <Link className="btn btn--secondary" to={paths.home}>
          Back to Home
        </Link>
      </p>
    </section>
  );
}
