import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { NotFoundPage } from '../not-found';
import { findPost, postDate } from './posts';

export default function BlogPostPage() {
  const post = findPost(useParams().slug);
  useDocumentMeta(post?.title ?? 'Article not found', post?.summary ?? 'This article could not be found.');
  if (!post) return <NotFoundPage />;
  return (
    <article>
      <header className="page-hero">
        <div className="container prose">
          <p>
            <Link to={paths.blog}>← All articles</Link>
          </p>
          <h1>{post.title}</h1>
          <p className="muted">
            By {post.author} · <time dateTime={post.date}>{postDate.format(new Date(post.date))}</time> · {post.readMinutes} min read
          </p>
        </div>
      </header>
      <div className="section">
        <div className="container prose">
          {post.body.map((block, index) => (
            <section key={index}>
              {block.heading && <h2>{block.heading}</h2>}
              <p>{block.text}</p>
            </section>
          ))}
          <p>
            <Link className="btn btn--primary" to={paths.courses}>
              Find your course
            </Link>
          </p>
        </div>
      </div>
    </article>
  );
}
