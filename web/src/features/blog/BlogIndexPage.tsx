import { Link } from 'react-router-dom';
import { blogPostPath } from '../../config/paths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { POSTS, postDate } from './posts';

export default function BlogIndexPage() {
  useDocumentMeta('Blog', 'Career advice, learning tips and stories from the Upskill community.');
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>The Upskill blog</h1>
          <p>Career advice, learning tips and stories from our learners and instructors.</p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <ul className="grid grid--3 course-grid">
            {POSTS.map((post) => (
              <li key={post.slug}>
                <article className="card" style={{ height: '100%' }}>
                  <p className="muted">
                    <time dateTime={post.date}>{postDate.format(new Date(post.date))}</time> · {post.readMinutes} min read
                  </p>
                  <h2 style={{ fontSize: 'var(--fs-2)' }}>
                    <Link to={blogPostPath(post.slug)}>{post.title}</Link>
                  </h2>
                  <p className="muted">{post.summary}</p>
                  <p>By {post.author}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
