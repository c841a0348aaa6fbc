import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import { paths } from '../../config/paths';

/**
 * "Chat with us" and the help panel it opens: where to ask, browse or read. It sits in the page's flow
 * (after the progress tracker, where the spec places it) rather than floating: a floating button covered
 * the first plan's title on phones, and nothing may cover content at any width.
 */
export function HelpChat() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="container chat">
      <div className="chat__bar card">
        <p>
          <strong>Not sure which plan fits?</strong> <span className="muted">Ask us: we reply within 24 hours, usually much sooner.</span>
        </p>
        <button
          type="button"
          className="btn btn--primary chat__button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name={open ? 'close' : 'chat'} /> {open ? 'Close' : 'Chat with us'}
        </button>
      </div>
      {open && (
        <section className="chat__panel card" id={id} aria-label="Talk to us">
          <h2>Questions about plans?</h2>
          <ul>
            <li>
              <Link to={paths.contact}>Send us a message</Link>
            </li>
            <li>
              <Link to={paths.help}>Browse the Help Centre</Link>
            </li>
            <li>
              <Link to={paths.faq}>Read the FAQ</Link>
            </li>
          </ul>
        </section>
      )}
    </div>
  );
}
